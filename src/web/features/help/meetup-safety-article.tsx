import { Link } from 'react-router';
import { HelpArticle } from './help-article.tsx';

export function MeetupSafetyArticle() {
  return (
    <HelpArticle
      title="Meet-up safety"
      lead="Every book on The Big Bookshelf changes hands in person. A few habits keep those meetings easy and safe."
    >
      <h2>Before you meet</h2>
      <ul>
        <li>
          Pay online before the meetup. Never bring cash or pay the seller directly: only an online payment is
          protected.
        </li>
        <li>
          Agree on a public place with people around: a café, a library, a station hall or a shopping street, in
          daylight.
        </li>
        <li>Tell a friend where and when you are meeting, and with whom.</li>
        <li>
          Keep the conversation on the store. Be wary of anyone who asks you to move it elsewhere or to pay another way.
        </li>
      </ul>
      <h2>At the meetup</h2>
      <ul>
        <li>
          Look the book over before you hand over anything: its condition, its pages, anything the listing promised.
        </li>
        <li>
          When you are happy, the buyer shows the six-digit handover code from My Orders and the seller enters it on My
          Products. The code is the buyer's confirmation that they have the book.
        </li>
        <li>
          Buyers: never give the code before you hold the book. Sellers: never hand over the book without the code.
        </li>
        <li>If something feels wrong, leave. You can sort it out afterwards.</li>
      </ul>
      <h2>If the meetup does not happen</h2>
      <p>
        If the seller does not come, or the book is not what was described, do not give the code. Once the handover
        period has passed without a handover, report a problem from My Orders and an admin will look at it. See{' '}
        <Link className="link" to="/help/buyer-protection">
          Buyer protection
        </Link>
        .
      </p>
    </HelpArticle>
  );
}
