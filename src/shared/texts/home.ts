/** Home (features/home): English texts, every leaf an ICU string (ADR 030). */
export const homeMessages = {
  home: {
    carouselLabel: 'Welcome',
    slidePosition: '{n} of {count}',
    previousSlide: 'Previous slide',
    nextSlide: 'Next slide',
    slides: [
      'Fiction, history, science and more, all on one shelf.',
      'Meet the seller, check the copy, pay by card.',
      'Give the books you have read a second reader.',
    ],
    headline: 'Books, Things with Feelings',
    tagline: 'Buy second-hand books of many different categories, and sell the old books you have already read.',
    searchCategory: 'Search Category',
    categoriesHeading: 'Books Category',
    viewCollection: 'View collection',
    advertisedHeading: 'Advertised books',
    noCategories: 'No categories yet.',
    noAdvertised: 'No books are advertised right now.',
  },
} as const;
