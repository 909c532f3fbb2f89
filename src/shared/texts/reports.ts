/**
 * Reporting a book, and Reported Items (features/reports, ADR 023): English texts, every leaf an ICU string (ADR 030).
 */
export const reportsMessages = {
  reports: {
    reasonLabel: 'What is wrong with this listing? (optional)',
    send: 'Report',
    empty: 'No reported books. Everything looks fine.',
    dismiss: 'Dismiss reports',
    remove: 'Remove book',
    photos: 'Its photos',
    photo: 'Photo {n} of {book}, full size',
    dismissed: 'The reports were dismissed; the book is listed again',
    removed: 'The book was removed',
    confirmRemove: 'Remove this book for good? Its seller will no longer see it.',
    reportCount: '{n, plural, one {# report} other {# reports}}',
    countingCount: '{n} counting',
    lastReported: 'last on {when}',
    // Our own texts for the reports, their reporters and the visibility of a reported book.
    hidden: 'Hidden from the public lists',
    stillListed: 'Still listed publicly',
    reportsHeading: 'Who reported it',
    moreReports: 'The newest {shown} of {total} reports.',
    reportedOn: 'reported {when}',
    noReason: 'No reason given.',
    counts: 'Counts',
    doesNotCount: 'Does not count',
    whyNotCounting: {
      banned: 'the reporter is banned from reporting',
      newAccount: 'the account was new or its address unconfirmed when it reported',
    },
    dismissedBefore:
      '{n, plural, one {# earlier report of theirs was dismissed} other {# earlier reports of theirs were dismissed}}',
    bannedSince: 'Banned from reporting since {when}',
    bannedSinceBy: 'Banned from reporting since {when} by {by}',
    ban: 'Ban reporter',
    unban: 'Lift ban',
    confirmBan: 'Ban this reporter from reporting?',
    banWhom: '{name} ({email})',
    banExplained:
      'None of their reports will count toward hiding a book, and new reports from them are refused, until an admin lifts the ban. Their account stays open.',
    banned: 'The reporter is banned from reporting; their reports no longer count',
    unbanned: 'The ban was lifted; their reports count again',
  },
} as const;
