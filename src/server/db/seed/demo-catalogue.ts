/**
 * Deterministic demo data for seeding The Big Bookshelf.
 * Pure data: no I/O, no imports.
 */

export interface DemoBook {
  title: string;
  author: string;
  /** The ISBN-13 of a common edition, where there is one. */
  isbn?: string;
  description: string;
  condition: 'Excellent' | 'Good' | 'Fair';
  originalPrice: number;
  resalePrice: number;
  purchaseDate: string;
  advertised: boolean;
}

export interface DemoCategory {
  name: string;
  coverColor: string;
  books: DemoBook[];
}

export interface DemoSeller {
  name: string;
  email: string;
  phone: string;
  location: string;
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Fiction',
    coverColor: '#1f4e79',
    books: [
      {
        title: 'Pride and Prejudice',
        author: 'Jane Austen',
        isbn: '9780141439518',
        description:
          'Austen at her sharpest: Elizabeth Bennet, Mr. Darcy and a family of sisters to marry off. ' +
          'Read once, spine barely creased, pages clean and bright.',
        condition: 'Excellent',
        originalPrice: 12.99,
        resalePrice: 6.5,
        purchaseDate: '2021-03-14',
        advertised: true,
      },
      {
        title: 'To Kill a Mockingbird',
        author: 'Harper Lee',
        isbn: '9780060935467',
        description:
          'The classic story of Scout, Atticus Finch and a trial in small-town Alabama. ' +
          'Spine lightly creased, a few dog-eared corners, no markings inside.',
        condition: 'Good',
        originalPrice: 16.99,
        resalePrice: 7.99,
        purchaseDate: '2018-07-02',
        advertised: false,
      },
      {
        title: 'The Great Gatsby',
        author: 'F. Scott Fitzgerald',
        isbn: '9780743273565',
        description:
          'Jazz Age parties, old money and Jay Gatsby chasing the green light. ' +
          'Well loved: cover scuffed, some pencil underlining in the early chapters, all pages intact.',
        condition: 'Fair',
        originalPrice: 15,
        resalePrice: 4.5,
        purchaseDate: '2016-05-21',
        advertised: false,
      },
      {
        title: 'One Hundred Years of Solitude',
        author: 'Gabriel García Márquez',
        isbn: '9780060883287',
        description:
          'Seven generations of the Buendía family in the town of Macondo. ' +
          'Paperback in good shape, slight yellowing on the page edges, binding tight.',
        condition: 'Good',
        originalPrice: 17.99,
        resalePrice: 8.25,
        purchaseDate: '2019-11-09',
        advertised: false,
      },
      {
        title: 'Jane Eyre',
        author: 'Charlotte Brontë',
        isbn: '9780141441146',
        description:
          'Orphan, governess, Thornfield Hall and a secret in the attic. ' +
          'Like new, kept on a shelf away from sunlight, no writing or highlighting.',
        condition: 'Excellent',
        originalPrice: 11.95,
        resalePrice: 6.95,
        purchaseDate: '2023-02-18',
        advertised: true,
      },
      {
        title: 'The Remains of the Day',
        author: 'Kazuo Ishiguro',
        isbn: '9780679731726',
        description:
          'A quiet, devastating novel about an English butler looking back on a life of service. ' +
          'Small coffee ring on the back cover, otherwise clean and unmarked.',
        condition: 'Good',
        originalPrice: 16,
        resalePrice: 7.5,
        purchaseDate: '2020-09-30',
        advertised: false,
      },
    ],
  },
  {
    name: 'Science Fiction',
    coverColor: '#2d1b4e',
    books: [
      {
        title: 'Dune',
        author: 'Frank Herbert',
        isbn: '9780441172719',
        description:
          'Paul Atreides, the desert planet Arrakis and the spice that everyone wants. ' +
          'Thick paperback, spine creased from reading, pages clean.',
        condition: 'Good',
        originalPrice: 18.99,
        resalePrice: 9.5,
        purchaseDate: '2019-04-12',
        advertised: true,
      },
      {
        title: 'Foundation',
        author: 'Isaac Asimov',
        isbn: '9780553293357',
        description:
          'Hari Seldon predicts the fall of the Galactic Empire and plans for what comes after. ' +
          'Older copy with a worn cover and browned pages, but nothing missing.',
        condition: 'Fair',
        originalPrice: 17,
        resalePrice: 5,
        purchaseDate: '2015-08-23',
        advertised: false,
      },
      {
        title: 'The Left Hand of Darkness',
        author: 'Ursula K. Le Guin',
        isbn: '9780441478125',
        description:
          'An envoy on the icy world of Gethen, where people have no fixed gender. ' +
          'Excellent condition, read carefully once, no creases on the spine.',
        condition: 'Excellent',
        originalPrice: 17.99,
        resalePrice: 10.99,
        purchaseDate: '2022-06-05',
        advertised: false,
      },
      {
        title: 'Neuromancer',
        author: 'William Gibson',
        isbn: '9780441569595',
        description:
          'The cyberpunk novel that gave us cyberspace: a burned-out hacker gets one last job. ' +
          'Corners slightly bumped, a name written inside the front cover.',
        condition: 'Good',
        originalPrice: 17,
        resalePrice: 7.75,
        purchaseDate: '2017-10-14',
        advertised: false,
      },
      {
        title: 'Fahrenheit 451',
        author: 'Ray Bradbury',
        isbn: '9781451673319',
        description:
          'A fireman whose job is burning books starts to read them instead. ' +
          'Light shelf wear on the cover, pages clean, binding solid.',
        condition: 'Good',
        originalPrice: 15.99,
        resalePrice: 6.99,
        purchaseDate: '2020-01-27',
        advertised: false,
      },
      {
        title: 'The Martian',
        author: 'Andy Weir',
        isbn: '9780553418026',
        description:
          'An astronaut stranded on Mars science-ing his way to survival, with plenty of jokes. ' +
          'Practically new, no marks, no creases.',
        condition: 'Excellent',
        originalPrice: 18,
        resalePrice: 9.99,
        purchaseDate: '2024-08-11',
        advertised: true,
      },
    ],
  },
  {
    name: 'History',
    coverColor: '#5c3317',
    books: [
      {
        title: 'Guns, Germs, and Steel',
        author: 'Jared Diamond',
        isbn: '9780393317558',
        description:
          'Why some societies came to dominate others, told through geography, crops and disease. ' +
          'Some highlighting in the first two chapters, otherwise clean; cover lightly worn.',
        condition: 'Good',
        originalPrice: 19.95,
        resalePrice: 8.99,
        purchaseDate: '2018-02-10',
        advertised: true,
      },
      {
        title: 'The Guns of August',
        author: 'Barbara W. Tuchman',
        isbn: '9780345476098',
        description:
          'The first month of the First World War, told with a novelist’s eye. ' +
          'Well-read copy: cracked spine and a few loose-feeling pages, still perfectly readable.',
        condition: 'Fair',
        originalPrice: 20,
        resalePrice: 6.5,
        purchaseDate: '2016-11-03',
        advertised: false,
      },
      {
        title: 'SPQR: A History of Ancient Rome',
        author: 'Mary Beard',
        isbn: '9781631492228',
        description:
          'A lively thousand-year tour of Rome from its founding myths to universal citizenship. ' +
          'Excellent condition, no markings, dust jacket intact.',
        condition: 'Excellent',
        originalPrice: 19.95,
        resalePrice: 12.5,
        purchaseDate: '2023-05-19',
        advertised: false,
      },
      {
        title: 'The Rise and Fall of the Third Reich',
        author: 'William L. Shirer',
        description:
          'The landmark account of Nazi Germany by a journalist who was there. ' +
          'Big, heavy paperback; spine creased and corners soft, text clean throughout.',
        condition: 'Good',
        originalPrice: 27.99,
        resalePrice: 13,
        purchaseDate: '2017-03-08',
        advertised: false,
      },
      {
        title: 'Sapiens: A Brief History of Humankind',
        author: 'Yuval Noah Harari',
        isbn: '9780062316097',
        description:
          'From foragers to farmers to empires and money: the big-picture story of our species. ' +
          'A couple of folded page corners, no writing inside.',
        condition: 'Good',
        originalPrice: 24.99,
        resalePrice: 10.5,
        purchaseDate: '2019-09-16',
        advertised: true,
      },
      {
        title: 'The Silk Roads',
        author: 'Peter Frankopan',
        description:
          'World history retold from the trade routes linking East and West. ' +
          'Bought new and read once; spine uncreased, pages crisp.',
        condition: 'Excellent',
        originalPrice: 22,
        resalePrice: 11.75,
        purchaseDate: '2021-12-01',
        advertised: false,
      },
    ],
  },
  {
    name: 'Science',
    coverColor: '#0b4f4a',
    books: [
      {
        title: 'A Brief History of Time',
        author: 'Stephen Hawking',
        isbn: '9780553380163',
        description:
          'Black holes, the Big Bang and the nature of time, explained for the rest of us. ' +
          'Light wear on the cover edges, a pencilled note on the title page.',
        condition: 'Good',
        originalPrice: 18,
        resalePrice: 7.99,
        purchaseDate: '2017-06-22',
        advertised: true,
      },
      {
        title: 'The Selfish Gene',
        author: 'Richard Dawkins',
        isbn: '9780198788607',
        description:
          'The gene-centred view of evolution that started a thousand arguments. ' +
          'Heavily read: underlining throughout and a creased cover, but complete.',
        condition: 'Fair',
        originalPrice: 17.95,
        resalePrice: 5.5,
        purchaseDate: '2015-10-04',
        advertised: false,
      },
      {
        title: 'Cosmos',
        author: 'Carl Sagan',
        isbn: '9780345539434',
        description:
          'Sagan’s sweeping tour of the universe and our place in it. ' +
          'Spine lightly creased, pages slightly yellowed, no markings inside.',
        condition: 'Good',
        originalPrice: 18,
        resalePrice: 8.5,
        purchaseDate: '2018-12-15',
        advertised: false,
      },
      {
        title: 'The Gene: An Intimate History',
        author: 'Siddhartha Mukherjee',
        isbn: '9781476733524',
        description:
          'The story of heredity from Mendel’s peas to gene editing, woven with family history. ' +
          'As new, no creases or marks.',
        condition: 'Excellent',
        originalPrice: 20,
        resalePrice: 11.99,
        purchaseDate: '2022-03-27',
        advertised: false,
      },
      {
        title: 'Silent Spring',
        author: 'Rachel Carson',
        isbn: '9780618249060',
        description:
          'The book on pesticides that launched the modern environmental movement. ' +
          'Cover slightly faded from sunlight, interior clean and tight.',
        condition: 'Good',
        originalPrice: 16.99,
        resalePrice: 7.25,
        purchaseDate: '2020-07-08',
        advertised: false,
      },
      {
        title: 'The Immortal Life of Henrietta Lacks',
        author: 'Rebecca Skloot',
        isbn: '9781400052189',
        description:
          'The woman behind the HeLa cells and the ethics of medical research. ' +
          'Read once on holiday, still in excellent condition with no marks.',
        condition: 'Excellent',
        originalPrice: 18,
        resalePrice: 9.75,
        purchaseDate: '2025-01-20',
        advertised: false,
      },
    ],
  },
  {
    name: 'Children',
    coverColor: '#7a1f3d',
    books: [
      {
        title: 'Charlotte’s Web',
        author: 'E. B. White',
        isbn: '9780064400558',
        description:
          'Wilbur the pig and the clever spider who saves him. ' +
          'A few crayon marks on the inside cover from my kids, story pages all clean.',
        condition: 'Good',
        originalPrice: 8.99,
        resalePrice: 3.99,
        purchaseDate: '2019-05-03',
        advertised: true,
      },
      {
        title: 'Where the Wild Things Are',
        author: 'Maurice Sendak',
        isbn: '9780060254926',
        description:
          'Max sails off to where the wild things are in this classic picture book. ' +
          'Hardcover with a torn dust jacket and a taped page; read to pieces but still loved.',
        condition: 'Fair',
        originalPrice: 18.99,
        resalePrice: 4,
        purchaseDate: '2016-09-12',
        advertised: false,
      },
      {
        title: 'Matilda',
        author: 'Roald Dahl',
        isbn: '9780142410370',
        description:
          'A brilliant little girl, terrible parents and the fearsome Miss Trunchbull. ' +
          'Excellent condition, kept on the shelf more than read.',
        condition: 'Excellent',
        originalPrice: 8.99,
        resalePrice: 5.25,
        purchaseDate: '2023-10-07',
        advertised: false,
      },
      {
        title: 'The Very Hungry Caterpillar',
        author: 'Eric Carle',
        isbn: '9780399226908',
        description:
          'The board book classic with the holes to poke little fingers through. ' +
          'Corners chewed slightly, pages wiped clean, all holes intact.',
        condition: 'Good',
        originalPrice: 10.99,
        resalePrice: 4.5,
        purchaseDate: '2021-04-25',
        advertised: false,
      },
      {
        title: 'The Lion, the Witch and the Wardrobe',
        author: 'C. S. Lewis',
        isbn: '9780064404990',
        description:
          'Four children step through a wardrobe into the snowy land of Narnia. ' +
          'Spine creased, light shelf wear, no writing inside.',
        condition: 'Good',
        originalPrice: 9.99,
        resalePrice: 4.25,
        purchaseDate: '2018-08-19',
        advertised: false,
      },
      {
        title: 'Winnie-the-Pooh',
        author: 'A. A. Milne',
        description:
          'Pooh, Piglet, Eeyore and friends in the Hundred Acre Wood, with the original illustrations. ' +
          'Near-perfect copy, a gift that was never really read.',
        condition: 'Excellent',
        originalPrice: 9.99,
        resalePrice: 5.5,
        purchaseDate: '2024-12-02',
        advertised: false,
      },
    ],
  },
  {
    name: 'Biography',
    coverColor: '#3b3b58',
    books: [
      {
        title: 'Steve Jobs',
        author: 'Walter Isaacson',
        isbn: '9781451648539',
        description:
          'The authorised biography of the Apple co-founder, based on dozens of interviews. ' +
          'Hardcover, dust jacket slightly scuffed, pages clean.',
        condition: 'Good',
        originalPrice: 35,
        resalePrice: 12,
        purchaseDate: '2016-04-14',
        advertised: true,
      },
      {
        title: 'The Diary of a Young Girl',
        author: 'Anne Frank',
        isbn: '9780553296983',
        description:
          'Anne Frank’s diary from two years in hiding in Amsterdam. ' +
          'Spine lightly creased, a bookmark ribbon left inside, no markings.',
        condition: 'Good',
        originalPrice: 9.99,
        resalePrice: 4.25,
        purchaseDate: '2019-02-26',
        advertised: false,
      },
      {
        title: 'Long Walk to Freedom',
        author: 'Nelson Mandela',
        isbn: '9780316548182',
        description:
          'Mandela’s autobiography, from his childhood to prison on Robben Island and the presidency. ' +
          'Excellent condition, no creases or writing.',
        condition: 'Excellent',
        originalPrice: 21.99,
        resalePrice: 12.99,
        purchaseDate: '2022-08-17',
        advertised: false,
      },
      {
        title: 'Educated',
        author: 'Tara Westover',
        isbn: '9780399590504',
        description:
          'A memoir of growing up off the grid in Idaho and fighting her way to a PhD. ' +
          'Hardcover in excellent shape, dust jacket crisp, read once.',
        condition: 'Excellent',
        originalPrice: 28,
        resalePrice: 14.5,
        purchaseDate: '2025-04-09',
        advertised: true,
      },
      {
        title: 'I Know Why the Caged Bird Sings',
        author: 'Maya Angelou',
        isbn: '9780345514400',
        description:
          'The first volume of Angelou’s autobiography, set in the American South. ' +
          'Cover creased and page edges water-marked, text fully readable.',
        condition: 'Fair',
        originalPrice: 17,
        resalePrice: 5.25,
        purchaseDate: '2015-12-29',
        advertised: false,
      },
      {
        title: 'Alexander Hamilton',
        author: 'Ron Chernow',
        isbn: '9780143034759',
        description:
          'The doorstop biography that inspired the musical. ' +
          'Some corners bent and a few pages with light pencil notes in the margins.',
        condition: 'Good',
        originalPrice: 22,
        resalePrice: 9.99,
        purchaseDate: '2020-10-31',
        advertised: false,
      },
    ],
  },
  {
    name: 'Self-Help',
    coverColor: '#8a3b12',
    books: [
      {
        title: 'The 7 Habits of Highly Effective People',
        author: 'Stephen R. Covey',
        isbn: '9780743269513',
        description:
          'Covey’s principles for personal and professional effectiveness. ' +
          'Some highlighting in the first habits, spine creased, otherwise tidy.',
        condition: 'Good',
        originalPrice: 19.99,
        resalePrice: 7.5,
        purchaseDate: '2017-01-16',
        advertised: true,
      },
      {
        title: 'How to Win Friends and Influence People',
        author: 'Dale Carnegie',
        isbn: '9780671027032',
        description:
          'The original guide to getting along with people, still quoted everywhere. ' +
          'Older copy with a worn cover, yellowed pages and plenty of underlining.',
        condition: 'Fair',
        originalPrice: 17,
        resalePrice: 4.99,
        purchaseDate: '2015-06-11',
        advertised: false,
      },
      {
        title: 'Atomic Habits',
        author: 'James Clear',
        isbn: '9780735211292',
        description:
          'Small changes, compounding results: a practical system for building good habits. ' +
          'Hardcover, like new, no highlighting.',
        condition: 'Excellent',
        originalPrice: 27,
        resalePrice: 15,
        purchaseDate: '2024-03-02',
        advertised: false,
      },
      {
        title: 'Thinking, Fast and Slow',
        author: 'Daniel Kahneman',
        isbn: '9780374533557',
        description:
          'How our fast, intuitive mind and slow, deliberate mind shape every decision. ' +
          'Spine lightly creased, a few sticky tabs left in, no markings.',
        condition: 'Good',
        originalPrice: 20,
        resalePrice: 9.25,
        purchaseDate: '2020-05-13',
        advertised: false,
      },
      {
        title: 'The Power of Habit',
        author: 'Charles Duhigg',
        isbn: '9780812981605',
        description:
          'Why we do what we do, and how companies and people change their routines. ' +
          'Good reading copy, light wear on the cover corners.',
        condition: 'Good',
        originalPrice: 18,
        resalePrice: 7.99,
        purchaseDate: '2019-08-06',
        advertised: false,
      },
      {
        title: 'Mindset: The New Psychology of Success',
        author: 'Carol S. Dweck',
        isbn: '9780345472328',
        description:
          'The difference between a fixed and a growth mindset, and why it matters. ' +
          'Excellent condition, bought this year and read once.',
        condition: 'Excellent',
        originalPrice: 18,
        resalePrice: 10.5,
        purchaseDate: '2026-02-14',
        advertised: false,
      },
    ],
  },
  {
    name: 'Poetry',
    coverColor: '#2f4f2f',
    books: [
      {
        title: 'Leaves of Grass',
        author: 'Walt Whitman',
        description:
          'Whitman’s lifelong collection, including Song of Myself. ' +
          'Spine creased and a few favourite poems marked with pencil ticks.',
        condition: 'Good',
        originalPrice: 14.95,
        resalePrice: 6,
        purchaseDate: '2018-04-30',
        advertised: true,
      },
      {
        title: 'The Sun and Her Flowers',
        author: 'Rupi Kaur',
        isbn: '9781449486792',
        description:
          'Short illustrated poems on growth, loss, migration and love. ' +
          'Excellent condition, no marks, cover still glossy.',
        condition: 'Excellent',
        originalPrice: 16.99,
        resalePrice: 9.5,
        purchaseDate: '2025-09-21',
        advertised: false,
      },
      {
        title: 'Ariel',
        author: 'Sylvia Plath',
        isbn: '9780060931728',
        description:
          'Plath’s final, fierce collection of poems. ' +
          'Cover torn at one corner and several pages annotated from a college course.',
        condition: 'Fair',
        originalPrice: 15.99,
        resalePrice: 4.75,
        purchaseDate: '2016-02-07',
        advertised: false,
      },
      {
        title: 'The Complete Poems of Emily Dickinson',
        author: 'Emily Dickinson',
        isbn: '9780316184137',
        description:
          'All 1,775 poems in one volume. ' + 'Thick paperback with a creased spine and soft corners, pages clean.',
        condition: 'Good',
        originalPrice: 24.99,
        resalePrice: 11,
        purchaseDate: '2021-07-19',
        advertised: false,
      },
      {
        title: 'The Odyssey',
        author: 'Homer',
        isbn: '9780140268867',
        description:
          'Odysseus’ long voyage home, in the Robert Fagles verse translation. ' +
          'Light shelf wear, a receipt used as a bookmark, no writing inside.',
        condition: 'Good',
        originalPrice: 20,
        resalePrice: 8.75,
        purchaseDate: '2019-06-28',
        advertised: false,
      },
      {
        title: 'Selected Poems of Langston Hughes',
        author: 'Langston Hughes',
        isbn: '9780679728184',
        description:
          'Hughes’s own selection of his poems, from the Harlem Renaissance onwards. ' +
          'Spine lightly creased, pages slightly toned, no markings.',
        condition: 'Good',
        originalPrice: 17,
        resalePrice: 7.25,
        purchaseDate: '2022-11-11',
        advertised: false,
      },
    ],
  },
];

export const demoSellerLocations: { phone: string; location: string }[] = [
  { phone: '+1 415 555 0134', location: 'Mission District, San Francisco' },
  { phone: '+1 212 555 0187', location: 'Upper West Side, New York' },
  { phone: '+1 312 555 0149', location: 'Wicker Park, Chicago' },
  { phone: '+1 503 555 0112', location: 'Pearl District, Portland' },
  { phone: '+1 617 555 0163', location: 'Harvard Square, Cambridge' },
  { phone: '+1 512 555 0178', location: 'South Congress, Austin' },
];
