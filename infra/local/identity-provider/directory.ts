import type { DirectoryPerson, PersonChange } from './config';

/** A person as the provider holds them: the directory entry and whether their account is switched off. */
export interface DirectoryEntry extends DirectoryPerson {
  disabled: boolean;
}

/**
 * The provider's directory, in memory: the people it was started with, changed at run time only
 * through the test controls. Sign-in and every token (a refresh included) read it afresh, so a
 * change shows in the next token, as a real directory's does.
 */
export class Directory {
  private readonly people = new Map<string, DirectoryEntry>();

  constructor(people: readonly DirectoryPerson[]) {
    for (const person of people)
      this.people.set(person.id, { ...person, groups: [...person.groups], disabled: false });
  }

  /** An enabled person by `sub`; a disabled or unknown one is no one. */
  active(id: string): DirectoryEntry | undefined {
    const person = this.people.get(id);
    return person && !person.disabled ? person : undefined;
  }

  /** An enabled person by what they type to sign in (case-insensitive, as e-mail addresses are). */
  activeByLogin(login: string): DirectoryEntry | undefined {
    const wanted = login.trim().toLowerCase();
    for (const person of this.people.values())
      if (!person.disabled && person.login.toLowerCase() === wanted) return person;
    return undefined;
  }

  /** Applies a change; false when there is no such person. */
  change(id: string, change: PersonChange): boolean {
    const person = this.people.get(id);
    if (!person) return false;
    if (change.groups) person.groups = [...change.groups];
    if (change.disabled !== undefined) person.disabled = change.disabled;
    return true;
  }
}
