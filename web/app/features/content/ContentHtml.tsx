import { Typography } from '../../ui/index.ts';
import classes from './ContentHtml.module.css';

/**
 * A page's or news item's body. The server sanitized it when it was stored (no scripts, handlers, frames or
 * javascript: URLs can be in it), which is what makes rendering it as HTML safe; the Content-Security-Policy
 * would refuse an inline script even so.
 */
export function ContentHtml({ html }: { html: string }) {
  return <Typography className={classes.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
