// What other features may use of conversations: whether a seller blocked a buyer (a booking's condition), and
// ending a closed account's live streams.
export { sellerBlocked } from './blocks.service.ts';
export { endLiveStreams } from './conversations.service.ts';
