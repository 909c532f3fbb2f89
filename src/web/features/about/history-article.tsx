export function HistoryArticle() {
  return (
    <article aria-labelledby="history-heading" className="card card-border bg-base-100">
      <div className="card-body mx-auto max-w-3xl space-y-4 text-base-content/80">
        <h2 id="history-heading" className="card-title text-2xl text-base-content">
          A short history of second-hand books
        </h2>
        <p>
          Books have been passed from reader to reader for as long as they have existed. In the ancient world every book
          was a scroll copied by hand, so each one was costly and worth reselling. Booksellers in Rome sold copies made
          by scribes, and the writer Aulus Gellius tells of finding bundles of old Greek books for sale cheaply at the
          harbour of Brundisium in the second century.
        </p>
        <p>
          In medieval Europe manuscripts were copied in monasteries and later by professional scribes in university
          towns. A single volume could cost as much as a small farm animal, so books were bequeathed in wills, pledged
          as security for loans and sold on when a student finished his studies. Universities such as Paris regulated
          the booksellers who dealt in these used copies. The printing press, from the middle of the fifteenth century,
          made books far more plentiful and gave the second-hand trade much more to sell.
        </p>
        <p>
          Some of the most famous places to buy used books grew up in the centuries that followed. Along the banks of
          the Seine in Paris, the bouquinistes have sold old books since the sixteenth century, first from carts and
          trays and today from the green boxes fixed to the river walls. In London, Charing Cross Road became known for
          its second-hand and antiquarian bookshops, made famous worldwide by Helene Hanff’s{' '}
          <cite>84, Charing Cross Road</cite>.
        </p>
        <p>
          In 1961 Richard Booth opened a second-hand bookshop in Hay-on-Wye, a small town on the border of Wales and
          England. He filled it with books bought by the container load, other dealers followed, and Hay became the
          first book town, with dozens of bookshops. The idea has since been copied by book towns around the world.
        </p>
        <p>
          From the mid-1990s the internet changed the trade again. Online marketplaces let a reader search the stock of
          thousands of sellers at once, so a rare title that once took years of browsing to find can now arrive in a few
          days, and anyone with a shelf of finished books can become a seller.
        </p>
        <p>
          Buying used books is still a good idea. They cost a fraction of the new price, they keep paper and printing
          out of landfill and give a book a second reader, and browsing someone else’s old shelf often leads to titles
          you would never have found on a bestseller list. That is the tradition The Big Bookshelf hopes to carry on.
        </p>
      </div>
    </article>
  );
}
