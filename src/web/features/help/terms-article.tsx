import { HelpArticle } from './help-article.tsx';

export function TermsArticle() {
  return (
    <HelpArticle
      title="Terms of use"
      lead="The Big Bookshelf is a place where people sell their own second-hand books to each other. These are the rules of the store."
    >
      <h2>Your account</h2>
      <ul>
        <li>Give your real name and an email address you read. Keep your password to yourself.</li>
        <li>One person, one account. Accounts made to get around a limit or a ban are closed.</li>
        <li>
          You may close your account by asking an admin. What you bought or sold stays on record for the other party.
        </li>
      </ul>
      <h2>Selling</h2>
      <ul>
        <li>List only books you own and have with you, described honestly, with photos you took yourself.</li>
        <li>
          The price you set is the price the buyer pays. Do not ask a buyer for more, or for payment outside the store.
        </li>
        <li>Keep a booked book for its buyer and meet them as agreed.</li>
      </ul>
      <h2>Buying</h2>
      <ul>
        <li>Book only what you mean to buy, and pay or cancel in time so others can buy it.</li>
        <li>Give the handover code only when you have the book.</li>
      </ul>
      <h2>What is not allowed</h2>
      <ul>
        <li>Counterfeit or stolen books, anything illegal to sell where you live, and listings that are not books.</li>
        <li>Harassment, false reports, and misleading descriptions or photos.</li>
      </ul>
      <p>
        Admins may hide or remove listings and close accounts that break these rules. Paid orders are never lost by such
        an action: the other party keeps their record and, where due, their refund.
      </p>
    </HelpArticle>
  );
}
