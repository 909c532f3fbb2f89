import { Link } from 'react-router';
import { HelpArticle } from './help-article.tsx';

export function BuyerProtectionArticle() {
  return (
    <HelpArticle
      title="Buyer protection"
      lead="When you book and pay through The Big Bookshelf, your money is safe until you have the book in your hands."
    >
      <h2>Booking holds the book for you</h2>
      <p>
        Booking a book takes it off sale while you pay. The hold lasts until the pay-by time shown with your order; if
        you do not pay by then, the booking ends and the book goes back on sale. You can cancel an unpaid booking at any
        time from My Orders.
      </p>
      <h2>Paying</h2>
      <p>
        You pay online, by card. The amount is always worked out by the store from your booking, never typed in by
        anyone. If a payment arrives after its booking has ended, it is refunded in full.
      </p>
      <h2>The handover code</h2>
      <p>
        After paying you get a six-digit handover code in My Orders. Show it to the seller only when you have the book
        and are happy with it. Entering it is how the sale completes.
      </p>
      <h2>When something goes wrong</h2>
      <ul>
        <li>
          If the book never reaches you, report a problem from My Orders once the handover period has passed (a week by
          default). An admin looks at every report and can refund you in full.
        </li>
        <li>While a problem is open, you keep your code: the seller can still complete the sale by meeting you.</li>
        <li>If a listing looks wrong or breaks the rules, report it from the book's page.</li>
      </ul>
      <p>
        Read{' '}
        <Link className="link" to="/help/meetup-safety">
          Meet-up safety
        </Link>{' '}
        before you meet someone for the first time.
      </p>
    </HelpArticle>
  );
}
