/**
 * The event form, loaded when first rendered: the create pages render it inside AfterPaint, so that their heading
 * shows before the form's code (fields, schemas, sections: about 40 modules) loads and its long render runs.
 */
import { lazy } from 'react';

export const LazyEventForm = lazy(() => import('./event-form').then((module) => ({ default: module.EventForm })));
