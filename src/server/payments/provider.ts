/** A card processor; the app only knows this interface. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
}
