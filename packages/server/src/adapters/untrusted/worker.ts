import { serve } from './serve.ts';
import { tasks } from './tasks.ts';

// Every parser is loaded (the imports above): tasks may come.
serve(tasks);
