import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The kind of device a test adds: what it is and where, apart from its serial number. */
export interface DeviceKind {
  name: string;
  manufacturer: string;
  model: string;
  location: string;
  installationDate: string;
  category: string;
}

/**
 * Calls of the API as the signed-in person of a page, for setting a test's scene quickly. Each
 * test file extends it with the calls its scenes need; every call expects to succeed.
 */
export class SceneApi {
  constructor(
    protected readonly request: APIRequestContext,
    protected readonly token: string,
  ) {}

  protected get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Adds a Serviceable device of `kind` in ICU, its serial number `<tag>-SN`. */
  protected async addDevice(
    tag: string,
    kind: DeviceKind,
  ): Promise<{ _id: string; name: string; serialNumber: string }> {
    const answer = await this.request.post('/api/equipment', {
      headers: this.headers,
      data: { ...kind, serialNumber: `${tag}-SN`, department: 'ICU', status: 'Serviceable' },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { _id: string; name: string; serialNumber: string };
  }
}
