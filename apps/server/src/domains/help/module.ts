/** The help domain: the console's help words, shipped and edited by the administrator. */
import { defineModule } from '../../platform/module.ts';
import { HelpEditor } from './editor.ts';
import { helpEditRoutes, helpRoutes } from './routes.ts';
import { HelpService } from './service.ts';

export const helpModule = defineModule({
  name: 'help',
  build: (p) => ({ help: new HelpService(p.db, p.clock), helpEditor: new HelpEditor(p.db, p.clock) }),
  routes(app, { help, helpEditor }) {
    helpRoutes(app, help);
    helpEditRoutes(app, helpEditor);
  },
});
