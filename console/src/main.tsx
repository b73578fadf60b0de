/** The console's entry: renders the shell into the page the API serves at `/console`. */
import { render } from 'preact';
import { App } from './app';
import './styles.css';

const root = document.getElementById('app');
if (root) render(<App />, root);
