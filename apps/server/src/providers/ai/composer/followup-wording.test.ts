import { describe, expect, it } from 'vitest';
import { analysePrompt } from './analyse';
import { composeFromPrompt } from './compose';
import { planFollowUp } from './followup';
import { hoursValue } from './followup-hours';
import { plainWording } from './followup-wording';

/** Follow-ups as people type them, read without turning their values into other words (issue 37). */

describe('informal wording', () => {
  it('rewrites Spanish slang in a Spanish request', () => {
    expect(plainWording('kiten lo del parking xfa')).toBe('quita lo del parking');
    expect(plainWording('cambien el tlf al 611 000 222')).toBe('cambia el teléfono al 611 000 222');
  });
  it('leaves the words of an English request alone ("kite" is not "quita", "5k" is a distance)', () => {
    expect(plainWording('add a new kite: stunt kite $45')).toBe('add a new kite: stunt kite $45');
    expect(plainWording('add a 10k trail run for $30')).toBe('add a 10k trail run for $30');
  });
});

describe('hours said with a span of days', () => {
  it('keeps the days of a span in the new value', () => {
    expect(hoursValue('ya cambió, ahora abrimos martes a viernes 9:30 a 17:30')).toBe('martes a viernes 9:30 a 17:30');
    expect(hoursValue('new hours Wed-Sun 11-7')).toBe('Wed-Sun 11-7');
  });
  it('leaves one day out of the value, so its hours join the timetable', () => {
    expect(hoursValue('los domingos abrimos de 10 a 13')).toBe('10 a 13');
  });
  it('changes the whole timetable on the page, never to its last day only', () => {
    const files = composeFromPrompt(
      'Tapicería Hilo en Burgos. Teléfono 947 111 222. Horario de lunes a viernes de 9 a 14.',
    ).files;
    const plan = planFollowUp('el horario cambió, ahora es martes a sábado 10:00 a 19:00', files);
    const html = plan.changes.get('index.html') ?? '';
    expect(html).toContain('martes a sábado 10:00 a 19:00');
    expect(html).not.toContain('lunes a viernes');
    // The timetable drawn as a table follows too: no row keeps the old hours.
    expect(html).toMatch(/<table class="hours">[\s\S]*<th scope="row">martes a sábado<\/th><td>10:00 a 19:00<\/td>/);
    expect(html).not.toContain('9 a 14');
  });

  it('takes a day said beside a new whole timetable as part of it, not as one more day', () => {
    const files = composeFromPrompt('Karting Veloz in Leeds. Phone 0113 496 0000. Open Tue-Sun 10am-8pm.').files;
    const plan = planFollowUp('we now open Mondays too, hours Mon-Sun 10am-8pm', files);
    const html = plan.changes.get('index.html') ?? '';
    expect(html).toContain('Mon-Sun 10am-8pm');
    expect(html).not.toContain('Tue-Sun');
  });
});

describe('the business named by its owner', () => {
  it('reads "mi emprendimiento es X" and "our company is X" as the name', () => {
    // Places named before the business ("Bariloche, Patagonia") are not its name.
    const brief = 'Hola, soy guía de pesca con mosca en Bariloche, Patagonia argentina. Mi emprendimiento es Limay Fly Fishing.';
    expect(analysePrompt(brief).name).toBe('Limay Fly Fishing');
    expect(analysePrompt('Our company is Nordlicht Glass, a glass studio in Leeds.').name).toBe('Nordlicht Glass');
  });
});

describe('a file said to be sent elsewhere', () => {
  it('refuses "la foto que os mandé por el whatsapp" with its reason and changes nothing', () => {
    const files = composeFromPrompt('Escuela de vela Brisa en Vigo. Tel 986 000 111. Cursos de iniciación.').files;
    const plan = planFollowUp('subid el logo que os pasamos por whatsapp', files);
    expect(plan.changes.size).toBe(0);
    expect(plan.messages.join(' ')).toMatch(/no me ha llegado ningún archivo/);
  });
});
