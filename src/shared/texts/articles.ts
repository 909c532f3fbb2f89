/**
 * The long articles: the Blogs page, the help topics and About's history. English, their own catalogue sections
 * (ADR 030), which the web loads only for the pages that show them (`articleSections`, catalogues/en.ts). A list is
 * an article's paragraphs (or a list's items) in order. Inline markup is a tag the page draws (web/components/
 * rich-text.tsx): `<code>…</code>`, `<cite>…</cite>`, and `<link>…</link>` for a link to the topic the page names.
 */
export const articlesMessages = {
  blogs: {
    heading: 'Blogs',
    intro: 'Short answers to questions we often hear from people learning to build web applications.',
    state: {
      question: 'What are the different ways to manage state in a React application?',
      paragraphs: [
        'The simplest tool is local state. <code>useState</code> keeps a value inside one component, and React re-renders that component when the value changes. Form inputs, open and closed menus and the current tab usually belong here. When two sibling components need the same value, you lift the state up to their closest common parent and pass it down as props, together with callbacks that change it.',
        'Passing props through many layers gets tiresome, so React offers context. A provider near the top of the tree makes a value available to every component below it through <code>useContext</code>. Context works well for data that changes rarely, such as the signed-in user, the theme or the language, but every consumer re-renders when the value changes, so it is not a general-purpose store.',
        'When the update logic grows, <code>useReducer</code> moves it into a pure function that receives the current state and an action and returns the next state. That makes the transitions easy to read and to test, and it pairs nicely with context for medium-sized features.',
        'Data that lives on a server is a different kind of state: it can be stale, it must be fetched, cached and refreshed. Server-state libraries such as TanStack Query or SWR handle loading and error states, caching, background refetching and invalidation, which removes a lot of hand-written effect code.',
        'For shared client state that many distant components read, external stores such as Redux Toolkit, Zustand, Jotai or MobX keep the data outside the component tree and let each component subscribe only to the slice it needs. Finally, do not forget the URL: search filters, page numbers and selected items kept in the path or query string survive a reload and can be bookmarked or shared. A good rule of thumb is to keep state as local as possible and move it outward only when you need to.',
      ],
    },
    prototypes: {
      question: 'How does prototypal inheritance work?',
      // Before the first example.
      lookup: [
        'In JavaScript every object has a hidden link, known internally as <code>[[Prototype]]</code>, to another object or to <code>null</code>. When you read a property, the engine first looks at the object itself. If the property is not there, it follows the link to the prototype, then to that object’s prototype, and so on. This series of links is the prototype chain, and the search stops at the first match or when it reaches <code>null</code>, in which case the result is <code>undefined</code>.',
        'Objects do not copy behaviour from their prototype; they delegate to it. Many objects can share one prototype, so a method defined once is available to all of them. Writing a property always creates it on the object itself, which can shadow a property of the same name further up the chain. <code>Object.create(proto)</code> makes a new object whose prototype is exactly <code>proto</code>:',
      ],
      objectExample: 'Example: an object made with Object.create',
      // Between the two examples.
      classes: [
        'Before classes existed, the usual pattern was a constructor function. Every function has a <code>prototype</code> property, and calling it with <code>new</code> creates an object whose prototype is that property, runs the function with <code>this</code> bound to the new object and returns it. Methods are placed on <code>Constructor.prototype</code> so every instance shares them.',
        'The <code>class</code> syntax introduced in ES2015 is mostly sugar over the same mechanism. Methods still live on the prototype and <code>extends</code> still links one prototype to another; classes just add a clearer syntax, <code>super</code>, private fields, strict mode by default and an error if you call them without <code>new</code>.',
      ],
      classExample: 'Example: a class and the constructor function it stands for',
      // A comment in the example's code.
      classComment: 'Roughly what the class above does:',
    },
    unitTests: {
      question: 'What is a unit test? Why should we write unit tests?',
      definition:
        'A unit test is a small, automated check of one unit of code, usually a single function, class or component, in isolation from the rest of the system. It sets up some input, runs the code and asserts that the output or behaviour is what you expect. Slow or unpredictable dependencies such as databases, networks or clocks are replaced with fakes so that the test is fast and gives the same result every time.',
      example: 'Example: a function and its unit test',
      // The name of the test in the example's code.
      testName: 'takes a percentage off the price',
      benefits: [
        'The first benefit is confidence. A suite of unit tests runs in seconds, so you can run it after every change and learn immediately when something breaks, instead of hearing about it from a user weeks later. A failing unit test also points at a small piece of code, which makes bugs much quicker to find.',
        'Tests make refactoring safe. If the behaviour is pinned down by tests, you can restructure the code freely and know that it still does the same thing. They also act as living documentation: a well-named test shows how a function is meant to be used and which edge cases it handles.',
        'Finally, writing tests improves design. Code that is hard to test is often doing too much or is tightly coupled to its surroundings, so the effort of testing nudges you toward smaller, clearer pieces. Unit tests do not replace integration and end-to-end tests, but they are the cheapest and fastest layer of a healthy testing strategy.',
      ],
    },
    frameworks: {
      question: 'React vs. Angular vs. Vue',
      paragraphs: [
        'All three build user interfaces out of components and keep the page in sync with application data, but they differ in scope and philosophy. React, released by Facebook (now Meta) in 2013, is a library focused on rendering. Components are JavaScript functions that return JSX, data flows one way through props, and routing, data fetching and forms are left to the wider ecosystem or to frameworks such as Next.js and React Router.',
        'Angular, maintained by Google, is a complete, opinionated framework. It is written in TypeScript and ships with a router, forms, an HTTP client, dependency injection, a testing setup and a powerful CLI. Templates are HTML with Angular’s own syntax, and recent versions add signals for fine-grained reactivity alongside RxJS. The learning curve is steeper, but large teams value the consistency of having one way to do things.',
        'Vue, created by Evan You in 2014, sits in between. It calls itself a progressive framework: you can drop it into a single page or build a full application with its official router and the Pinia store. Single-file components combine an HTML-based template, script and styles, and its reactivity system tracks dependencies automatically, so only what changed is updated. Many developers find it the gentlest to learn.',
        'None of them is the best choice everywhere. React has the largest ecosystem and job market and gives you flexibility; Angular provides structure and batteries included for big enterprise codebases; Vue offers a friendly learning curve with official solutions for the common needs. The team’s experience and the project’s size usually matter more than benchmarks.',
      ],
    },
  },

  helpTopics: {
    buyerProtection: {
      title: 'Buyer protection',
      lead: 'When you book and pay through The Big Bookshelf, your money is safe until you have the book in your hands.',
      holdHeading: 'Booking holds the book for you',
      hold: 'Booking a book takes it off sale while you pay. The hold lasts until the pay-by time shown with your order; if you do not pay by then, the booking ends and the book goes back on sale. You can cancel an unpaid booking at any time from My Orders.',
      payingHeading: 'Paying',
      paying:
        'You pay online, by card. The amount is always worked out by the store from your booking, never typed in by anyone. If a payment arrives after its booking has ended, it is refunded in full.',
      codeHeading: 'The handover code',
      code: 'After paying you get a six-digit handover code in My Orders. Show it to the seller only when you have the book and are happy with it. Entering it is how the sale completes.',
      problemsHeading: 'When something goes wrong',
      problems: [
        'If the book never reaches you, report a problem from My Orders once the handover period has passed (a week by default). An admin looks at every report and can refund you in full.',
        'While a problem is open, you keep your code: the seller can still complete the sale by meeting you.',
        "If a listing looks wrong or breaks the rules, report it from the book's page.",
      ],
      // `<link>`: the Meet-up safety topic.
      readSafety: 'Read <link>Meet-up safety</link> before you meet someone for the first time.',
    },
    meetupSafety: {
      title: 'Meet-up safety',
      lead: 'Every book on The Big Bookshelf changes hands in person. A few habits keep those meetings easy and safe.',
      beforeHeading: 'Before you meet',
      before: [
        'Pay online before the meetup. Never bring cash or pay the seller directly: only an online payment is protected.',
        'Agree on a public place with people around: a café, a library, a station hall or a shopping street, in daylight.',
        'Tell a friend where and when you are meeting, and with whom.',
        'Keep the conversation on the store. Be wary of anyone who asks you to move it elsewhere or to pay another way.',
      ],
      atHeading: 'At the meetup',
      at: [
        'Look the book over before you hand over anything: its condition, its pages, anything the listing promised.',
        "When you are happy, the buyer shows the six-digit handover code from My Orders and the seller enters it on My Products. The code is the buyer's confirmation that they have the book.",
        'Buyers: never give the code before you hold the book. Sellers: never hand over the book without the code.',
        'If something feels wrong, leave. You can sort it out afterwards.',
      ],
      missedHeading: 'If the meetup does not happen',
      // `<link>`: the Buyer protection topic.
      missed:
        'If the seller does not come, or the book is not what was described, do not give the code. Once the handover period has passed without a handover, report a problem from My Orders and an admin will look at it. See <link>Buyer protection</link>.',
    },
    privacy: {
      title: 'Privacy policy',
      lead: 'We keep what the store needs to let people buy and sell books, and we show it only to those who need it.',
      keptHeading: 'What we keep',
      kept: [
        'Your account: name, email address, photo if you add one, and your password as a one-way hash.',
        'Your listings and orders: the books, prices, the phone number and meeting place you give for a booking.',
        "Payments: the card processor keeps your card details; we keep only the payment's reference and amount.",
        'Request logs (address, page, time) for a short while, to keep the store running and safe.',
      ],
      shownHeading: 'Who sees it',
      shown: [
        'The other party of an order sees what the meetup needs: the phone number and meeting place of that order.',
        'Admins see accounts and orders to run the store and to settle problems.',
        'We sell nothing to anyone and show no advertising from others.',
      ],
      mailHeading: 'Mail',
      mail: 'We mail you about your account and your orders. You can turn off each kind of mail from the link at the bottom of every message.',
      cookiesHeading: 'Cookies',
      cookies:
        "The store uses one cookie: the one that keeps you signed in. It is sent only to this store and cannot be read by its pages' scripts. There are no tracking or advertising cookies.",
      closingHeading: 'Closing your account',
      closing:
        'When an account is closed, its name, email address, phone number and photo are removed. Records of paid orders stay, without them, for the other party and for the accounts.',
    },
    terms: {
      title: 'Terms of use',
      lead: 'The Big Bookshelf is a place where people sell their own second-hand books to each other. These are the rules of the store.',
      accountHeading: 'Your account',
      account: [
        'Give your real name and an email address you read. Keep your password to yourself.',
        'One person, one account. Accounts made to get around a limit or a ban are closed.',
        'You may close your account by asking an admin. What you bought or sold stays on record for the other party.',
      ],
      sellingHeading: 'Selling',
      selling: [
        'List only books you own and have with you, described honestly, with photos you took yourself.',
        'The price you set is the price the buyer pays. Do not ask a buyer for more, or for payment outside the store.',
        'Keep a booked book for its buyer and meet them as agreed.',
      ],
      buyingHeading: 'Buying',
      buying: [
        'Book only what you mean to buy, and pay or cancel in time so others can buy it.',
        'Give the handover code only when you have the book.',
      ],
      forbiddenHeading: 'What is not allowed',
      forbidden: [
        'Counterfeit or stolen books, anything illegal to sell where you live, and listings that are not books.',
        'Harassment, false reports, and misleading descriptions or photos.',
      ],
      enforcement:
        'Admins may hide or remove listings and close accounts that break these rules. Paid orders are never lost by such an action: the other party keeps their record and, where due, their refund.',
    },
  },

  aboutHistory: {
    heading: 'A short history of second-hand books',
    paragraphs: [
      'Books have been passed from reader to reader for as long as they have existed. In the ancient world every book was a scroll copied by hand, so each one was costly and worth reselling. Booksellers in Rome sold copies made by scribes, and the writer Aulus Gellius tells of finding bundles of old Greek books for sale cheaply at the harbour of Brundisium in the second century.',
      'In medieval Europe manuscripts were copied in monasteries and later by professional scribes in university towns. A single volume could cost as much as a small farm animal, so books were bequeathed in wills, pledged as security for loans and sold on when a student finished his studies. Universities such as Paris regulated the booksellers who dealt in these used copies. The printing press, from the middle of the fifteenth century, made books far more plentiful and gave the second-hand trade much more to sell.',
      'Some of the most famous places to buy used books grew up in the centuries that followed. Along the banks of the Seine in Paris, the bouquinistes have sold old books since the sixteenth century, first from carts and trays and today from the green boxes fixed to the river walls. In London, Charing Cross Road became known for its second-hand and antiquarian bookshops, made famous worldwide by Helene Hanff’s <cite>84, Charing Cross Road</cite>.',
      'In 1961 Richard Booth opened a second-hand bookshop in Hay-on-Wye, a small town on the border of Wales and England. He filled it with books bought by the container load, other dealers followed, and Hay became the first book town, with dozens of bookshops. The idea has since been copied by book towns around the world.',
      'From the mid-1990s the internet changed the trade again. Online marketplaces let a reader search the stock of thousands of sellers at once, so a rare title that once took years of browsing to find can now arrive in a few days, and anyone with a shelf of finished books can become a seller.',
      'Buying used books is still a good idea. They cost a fraction of the new price, they keep paper and printing out of landfill and give a book a second reader, and browsing someone else’s old shelf often leads to titles you would never have found on a bestseller list. That is the tradition The Big Bookshelf hopes to carry on.',
    ],
  },
} as const;
