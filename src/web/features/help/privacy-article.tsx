import { HelpArticle } from './help-article.tsx';

export function PrivacyArticle() {
  return (
    <HelpArticle
      title="Privacy policy"
      lead="We keep what the store needs to let people buy and sell books, and we show it only to those who need it."
    >
      <h2>What we keep</h2>
      <ul>
        <li>Your account: name, email address, photo if you add one, and your password as a one-way hash.</li>
        <li>Your listings and orders: the books, prices, the phone number and meeting place you give for a booking.</li>
        <li>Payments: the card processor keeps your card details; we keep only the payment's reference and amount.</li>
        <li>Request logs (address, page, time) for a short while, to keep the store running and safe.</li>
      </ul>
      <h2>Who sees it</h2>
      <ul>
        <li>
          The other party of an order sees what the meetup needs: the phone number and meeting place of that order.
        </li>
        <li>Admins see accounts and orders to run the store and to settle problems.</li>
        <li>We sell nothing to anyone and show no advertising from others.</li>
      </ul>
      <h2>Mail</h2>
      <p>
        We mail you about your account and your orders. You can turn off each kind of mail from the link at the bottom
        of every message.
      </p>
      <h2 id="cookies">Cookies</h2>
      <p>
        The store uses one cookie: the one that keeps you signed in. It is sent only to this store and cannot be read by
        its pages' scripts. There are no tracking or advertising cookies.
      </p>
      <h2>Closing your account</h2>
      <p>
        When an account is closed, its name, email address, phone number and photo are removed. Records of paid orders
        stay, without them, for the other party and for the accounts.
      </p>
    </HelpArticle>
  );
}
