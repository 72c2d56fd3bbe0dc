import { getTableColumns } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchWordsOf, storedColumns, withoutWords } from './columns.ts';

const notes = pgTable('notes', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  titleWords: searchWordsOf('title_words', 'title'),
  body: text('body'),
  bodyWords: searchWordsOf('body_words', 'body'),
});

describe('withoutWords', () => {
  it('leaves out the search words and keeps every other column as it is', () => {
    const columns = withoutWords(getTableColumns(notes));
    expect(Object.keys(columns)).toEqual(['id', 'title', 'body']);
    expect(columns.title).toBe(notes.title);
  });

  it("gives a table's stored columns, the same each time", () => {
    const columns = storedColumns(notes);
    expect(Object.keys(columns)).toEqual(['id', 'title', 'body']);
    expect(storedColumns(notes)).toBe(columns);
  });
});
