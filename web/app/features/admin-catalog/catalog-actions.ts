import {
  CROSS_REFERENCE_TYPES,
  type AdminBrand,
  type CrossReference,
  type CrossReferenceKey,
  type CrossReferenceType,
} from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { refusal } from '../admin-suppliers/supplier-actions.ts';

/**
 * The brands and cross-references pages' writes (route clientActions, as the rest of the back office): a spelling
 * added to a brand or taken off it, a brand merged into another, a pair added or removed. The answer names what
 * changed, or each field's refusal.
 */
export interface BrandActionResult {
  intent: 'alias-add' | 'alias-remove' | 'merge';
  brand: AdminBrand | null;
  errors: Record<string, string>;
}

export interface PairActionResult {
  intent: 'pair-save' | 'pair-remove';
  pair: CrossReference | null;
  errors: Record<string, string>;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

const pairKeyOf = (form: FormData): CrossReferenceKey => ({
  brand_a: text(form, 'brand_a'),
  article_a: text(form, 'article_a'),
  brand_b: text(form, 'brand_b'),
  article_b: text(form, 'article_b'),
});

const typeOf = (form: FormData): CrossReferenceType => {
  const type = text(form, 'type');
  return (CROSS_REFERENCE_TYPES as readonly string[]).includes(type) ? (type as CrossReferenceType) : 'analog';
};

export async function brandAction(request: Request): Promise<BrandActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const brandId = Number(text(form, 'brand_id'));
  try {
    if (intent === 'merge') {
      const { brand } = await adminCall('brand-merge', {
        body: { from_id: brandId, into: text(form, 'into') },
        handles: [404, 422],
      });
      return { intent, brand, errors: {} };
    }
    const endpoint = intent === 'alias-remove' ? 'brand-alias-remove' : 'brand-alias-add';
    const { brand } = await adminCall(endpoint, {
      body: { brand_id: brandId, alias: text(form, 'alias') },
      handles: [404, 422],
    });
    return { intent: intent === 'alias-remove' ? 'alias-remove' : 'alias-add', brand, errors: {} };
  } catch (error) {
    const kind = intent === 'merge' || intent === 'alias-remove' ? intent : 'alias-add';
    return { intent: kind, brand: null, errors: refusal(error) };
  }
}

export async function crossReferenceAction(request: Request): Promise<PairActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent') === 'pair-remove' ? 'pair-remove' : 'pair-save';
  try {
    if (intent === 'pair-remove') {
      const { removed } = await adminCall('cross-reference-remove', {
        body: pairKeyOf(form),
        handles: [404, 422],
      });
      return { intent, pair: removed, errors: {} };
    }
    const { cross_reference } = await adminCall('cross-reference-save', {
      body: { ...pairKeyOf(form), type: typeOf(form) },
      handles: [422],
    });
    return { intent, pair: cross_reference, errors: {} };
  } catch (error) {
    return { intent, pair: null, errors: refusal(error) };
  }
}
