/** The consequences a payload-key confirmation explains are a few lines long: kept to a readable width. */
export const CONFIRM_STYLES = { root: { maxWidth: 360 } };
