// What other features may use of conversations: whether a seller blocked a buyer (a booking's condition).
export { sellerBlocked } from './conversations.service.ts';
