// What other features may use of conversations: "Ask the seller", the link to a conversation about a book, and
// the admins' reported messages.
export { AskSellerButton } from './ask-seller-button.tsx';
export { ConversationLink } from './conversation-link.tsx';
export { ReportedMessagesSection } from './reported-messages-section.tsx';
export { UnreadMessagesBadge } from './unread-messages-badge.tsx';
