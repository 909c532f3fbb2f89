-- Price guidance and the 'Good price' badge (docs/decisions/018-good-price.md).
-- The comparables of a copy: the other books with its ISBN (13 digits) that are sold or on sale now (Available
-- and not hidden); when it has no ISBN or no such book has it, the other books with its title and author, case and
-- accents ignored. Each comes with whether it was sold, its resale price and whether its ISBN matched.
-- `except_id` leaves the copy itself out.
CREATE FUNCTION "bookshelf_comparables"(wanted_isbn text, wanted_title text, wanted_author text, except_id uuid)
  RETURNS TABLE (sold boolean, price_cents integer, by_isbn boolean) LANGUAGE sql STABLE PARALLEL SAFE ROWS 10 AS $$
  WITH same_isbn AS (
    SELECT b.status = 'Sold', b.resale_price_cents, true FROM books b
    WHERE b.isbn = wanted_isbn AND b.id IS DISTINCT FROM except_id
      AND (b.status = 'Sold' OR (b.status = 'Available' AND NOT b.hidden))
  )
  SELECT * FROM same_isbn
  UNION ALL
  SELECT b.status = 'Sold', b.resale_price_cents, false FROM books b
  WHERE NOT EXISTS (SELECT FROM same_isbn)
    AND b.author IS NOT NULL
    AND bookshelf_fold(b.book_name) = bookshelf_fold(wanted_title)
    AND bookshelf_fold(b.author) = bookshelf_fold(wanted_author)
    AND b.id IS DISTINCT FROM except_id
    AND (b.status = 'Sold' OR (b.status = 'Available' AND NOT b.hidden))
$$;--> statement-breakpoint
-- A good price: at least 3 comparables, and at least three quarters of all the copies (the comparables and this
-- one) cost more than this one: it is in the cheapest quarter, and copies at its very price count against it.
-- Asked for a page's books after the page is cut (features/books/book-view.ts: withGoodPrices).
CREATE FUNCTION "bookshelf_good_price"(book_id uuid, book_isbn text, title text, book_author text, price integer)
  RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT count(*) >= 3 AND 4 * count(*) FILTER (WHERE c.price_cents > price) >= 3 * (count(*) + 1)
  FROM bookshelf_comparables(book_isbn, title, book_author, book_id) c
$$;
