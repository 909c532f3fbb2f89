import type { ReactNode } from 'react';

const prototypeExample = `const animal = {
  describe() {
    return \`\${this.name} says \${this.sound}\`;
  },
};

const cat = Object.create(animal);
cat.name = 'Mog';
cat.sound = 'meow';

cat.describe(); // 'Mog says meow'
Object.getPrototypeOf(cat) === animal; // true`;

const classExample = `class Book {
  constructor(title) {
    this.title = title;
  }
  label() {
    return this.title.toUpperCase();
  }
}

// Roughly what the class above does:
function OldBook(title) {
  this.title = title;
}
OldBook.prototype.label = function () {
  return this.title.toUpperCase();
};`;

const unitTestExample = `// price.ts
export function discounted(price: number, percent: number) {
  return Math.round(price * (100 - percent)) / 100;
}

// price.test.ts
import { expect, test } from 'vitest';
import { discounted } from './price';

test('takes a percentage off the price', () => {
  expect(discounted(20, 25)).toBe(15);
});`;

/**
 * A code example. On a narrow screen it scrolls sideways, so it is a named region that takes the keyboard focus (the
 * arrow keys then scroll it).
 */
function CodeExample({ label, code }: { label: string; code: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled
      tabIndex={0}
      className="overflow-x-auto rounded-box bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <pre className="w-max min-w-full p-4 text-sm leading-relaxed">
        <code>{code}</code>
      </pre>
    </section>
  );
}

/** One of the questions, with its answer (`children`). */
function BlogPost({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <article aria-labelledby={id} className="card card-border bg-base-100">
      <div className="card-body space-y-4 text-base-content/80">
        <h2 id={id} className="card-title text-2xl text-base-content">
          {question}
        </h2>
        {children}
      </div>
    </article>
  );
}

export function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">Blogs</h1>
        <p className="text-base-content/70">
          Short answers to questions we often hear from people learning to build web applications.
        </p>
      </header>

      <BlogPost id="blog-state" question="What are the different ways to manage state in a React application?">
        <p>
          The simplest tool is local state. <code>useState</code> keeps a value inside one component, and React
          re-renders that component when the value changes. Form inputs, open and closed menus and the current tab
          usually belong here. When two sibling components need the same value, you lift the state up to their closest
          common parent and pass it down as props, together with callbacks that change it.
        </p>
        <p>
          Passing props through many layers gets tiresome, so React offers context. A provider near the top of the tree
          makes a value available to every component below it through <code>useContext</code>. Context works well for
          data that changes rarely, such as the signed-in user, the theme or the language, but every consumer re-renders
          when the value changes, so it is not a general-purpose store.
        </p>
        <p>
          When the update logic grows, <code>useReducer</code> moves it into a pure function that receives the current
          state and an action and returns the next state. That makes the transitions easy to read and to test, and it
          pairs nicely with context for medium-sized features.
        </p>
        <p>
          Data that lives on a server is a different kind of state: it can be stale, it must be fetched, cached and
          refreshed. Server-state libraries such as TanStack Query or SWR handle loading and error states, caching,
          background refetching and invalidation, which removes a lot of hand-written effect code.
        </p>
        <p>
          For shared client state that many distant components read, external stores such as Redux Toolkit, Zustand,
          Jotai or MobX keep the data outside the component tree and let each component subscribe only to the slice it
          needs. Finally, do not forget the URL: search filters, page numbers and selected items kept in the path or
          query string survive a reload and can be bookmarked or shared. A good rule of thumb is to keep state as local
          as possible and move it outward only when you need to.
        </p>
      </BlogPost>

      <BlogPost id="blog-prototypes" question="How does prototypal inheritance work?">
        <p>
          In JavaScript every object has a hidden link, known internally as <code>[[Prototype]]</code>, to another
          object or to <code>null</code>. When you read a property, the engine first looks at the object itself. If the
          property is not there, it follows the link to the prototype, then to that object’s prototype, and so on. This
          series of links is the prototype chain, and the search stops at the first match or when it reaches{' '}
          <code>null</code>, in which case the result is <code>undefined</code>.
        </p>
        <p>
          Objects do not copy behaviour from their prototype; they delegate to it. Many objects can share one prototype,
          so a method defined once is available to all of them. Writing a property always creates it on the object
          itself, which can shadow a property of the same name further up the chain. <code>Object.create(proto)</code>{' '}
          makes a new object whose prototype is exactly <code>proto</code>:
        </p>
        <CodeExample label="Example: an object made with Object.create" code={prototypeExample} />
        <p>
          Before classes existed, the usual pattern was a constructor function. Every function has a{' '}
          <code>prototype</code> property, and calling it with <code>new</code> creates an object whose prototype is
          that property, runs the function with <code>this</code> bound to the new object and returns it. Methods are
          placed on <code>Constructor.prototype</code> so every instance shares them.
        </p>
        <p>
          The <code>class</code> syntax introduced in ES2015 is mostly sugar over the same mechanism. Methods still live
          on the prototype and <code>extends</code> still links one prototype to another; classes just add a clearer
          syntax, <code>super</code>, private fields, strict mode by default and an error if you call them without{' '}
          <code>new</code>.
        </p>
        <CodeExample label="Example: a class and the constructor function it stands for" code={classExample} />
      </BlogPost>

      <BlogPost id="blog-unit-tests" question="What is a unit test? Why should we write unit tests?">
        <p>
          A unit test is a small, automated check of one unit of code, usually a single function, class or component, in
          isolation from the rest of the system. It sets up some input, runs the code and asserts that the output or
          behaviour is what you expect. Slow or unpredictable dependencies such as databases, networks or clocks are
          replaced with fakes so that the test is fast and gives the same result every time.
        </p>
        <CodeExample label="Example: a function and its unit test" code={unitTestExample} />
        <p>
          The first benefit is confidence. A suite of unit tests runs in seconds, so you can run it after every change
          and learn immediately when something breaks, instead of hearing about it from a user weeks later. A failing
          unit test also points at a small piece of code, which makes bugs much quicker to find.
        </p>
        <p>
          Tests make refactoring safe. If the behaviour is pinned down by tests, you can restructure the code freely and
          know that it still does the same thing. They also act as living documentation: a well-named test shows how a
          function is meant to be used and which edge cases it handles.
        </p>
        <p>
          Finally, writing tests improves design. Code that is hard to test is often doing too much or is tightly
          coupled to its surroundings, so the effort of testing nudges you toward smaller, clearer pieces. Unit tests do
          not replace integration and end-to-end tests, but they are the cheapest and fastest layer of a healthy testing
          strategy.
        </p>
      </BlogPost>

      <BlogPost id="blog-frameworks" question="React vs. Angular vs. Vue">
        <p>
          All three build user interfaces out of components and keep the page in sync with application data, but they
          differ in scope and philosophy. React, released by Facebook (now Meta) in 2013, is a library focused on
          rendering. Components are JavaScript functions that return JSX, data flows one way through props, and routing,
          data fetching and forms are left to the wider ecosystem or to frameworks such as Next.js and React Router.
        </p>
        <p>
          Angular, maintained by Google, is a complete, opinionated framework. It is written in TypeScript and ships
          with a router, forms, an HTTP client, dependency injection, a testing setup and a powerful CLI. Templates are
          HTML with Angular’s own syntax, and recent versions add signals for fine-grained reactivity alongside RxJS.
          The learning curve is steeper, but large teams value the consistency of having one way to do things.
        </p>
        <p>
          Vue, created by Evan You in 2014, sits in between. It calls itself a progressive framework: you can drop it
          into a single page or build a full application with its official router and the Pinia store. Single-file
          components combine an HTML-based template, script and styles, and its reactivity system tracks dependencies
          automatically, so only what changed is updated. Many developers find it the gentlest to learn.
        </p>
        <p>
          None of them is the best choice everywhere. React has the largest ecosystem and job market and gives you
          flexibility; Angular provides structure and batteries included for big enterprise codebases; Vue offers a
          friendly learning curve with official solutions for the common needs. The team’s experience and the project’s
          size usually matter more than benchmarks.
        </p>
      </BlogPost>
    </div>
  );
}
