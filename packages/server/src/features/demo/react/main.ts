// The React shop's bundle (scripts/build-react-shop.mjs builds it): renders the shop into the page's empty element.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { REACT_ROOT_ID } from '../shop-copy';
import { Shop } from './shop';
import { snippetClient } from './snippet-client';

const root = document.getElementById(REACT_ROOT_ID);
if (root) createRoot(root).render(createElement(Shop, { client: snippetClient() }));
