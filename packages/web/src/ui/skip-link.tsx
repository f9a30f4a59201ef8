import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard: past the sidebar and the top bar, to the page itself. */
export function SkipLink() {
  return (
    <a className={classes.link} href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}
