import type { ReactNode } from 'react';
import { BrandMark } from '../layout/BrandMark';

/** The centred card of the sign-in and registration screens. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          <BrandMark size={44} />
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
