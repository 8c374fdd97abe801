import type { Language } from './analyse';

/**
 * Why the local composer does not do a request, in its specific terms (issue 37): what reached us and
 * what did not, which outside service it needs, what "eso" would refer to, and what it can do instead.
 * Null when no specific reason applies (the caller then says it does not know how to make the change).
 */

interface Reason {
  pattern: RegExp;
  es: (m: string) => string;
  en: (m: string) => string;
}

const reasons: Reason[] = [
  {
    // "usa la foto que te mandé", "the logo I attached": nothing is attached to a message.
    pattern:
      /(?:foto|fotos|imagen|im[aá]genes|logo|archivo|pdf|v[ií]deo|photo|picture|image|file|logo)\S*\s+(?:\S+\s+){0,4}(?:que (?:te |os |le |les )?(?:mand|envi|pas|adjunt|sub)(?:[eé]|[ií]|amos|aron)(?![\p{L}])|adjunt|attached|i sent|i uploaded|i shared|we sent)/iu,
    es: () =>
      'no me ha llegado ningún archivo con este mensaje. Sube la imagen con el botón de imágenes del editor y pídeme, por ejemplo, «pon la imagen en la galería» o «usa la imagen como portada»',
    en: () =>
      'no file reached me with this message. Upload the image with the editor’s image button, then ask, for example, "put the image in the gallery" or "use the image as the cover"',
  },
  {
    // Another site to copy: the composer cannot visit it.
    pattern:
      /(?:igual(?:ita)? que|como la (?:de|web)|copia|copy|like the (?:site|one)|same as)[^.]*?(?:https?:\/\/|www\.|[\w-]+\.(?:com|es|net|org|mx|ar|co|io))/iu,
    es: () =>
      'no puedo abrir otras webs, así que no sé cómo es esa. Dime qué te gusta de ella, por ejemplo «cambia el color principal a azul marino» o «añade una sección de preguntas frecuentes»',
    en: () =>
      'I can’t open other websites, so I don’t know what that one looks like. Tell me what you like about it, e.g. "change the main colour to navy" or "add a FAQ section"',
  },
  {
    // A site or picture shown elsewhere ("como la de la quesería que te enseñé", "like the one I showed you").
    pattern:
      /(?:como|igual que|parecid[ao] a|like|same as|similar to)\s+(?:\S+\s+){0,7}?(?:que te (?:ense[nñ]|mostr|pas|mand|envi)\w*|(?:i|we) (?:showed|sent|shared) (?:you|u))/iu,
    es: () =>
      'no me ha llegado esa web ni ninguna imagen de ella: solo recibo el texto de tu mensaje. Dime qué te gusta de ella, por ejemplo «cambia el color principal a verde oscuro» o «pon la galería antes de los precios»',
    en: () =>
      'that site never reached me, nor any picture of it: I only get the text of your message. Tell me what you like about it, e.g. "change the main colour to dark green" or "move the gallery above the prices"',
  },
  {
    // A place in search results: decided by the search engine, not by the page.
    pattern:
      /(?:(?:salga|salir|aparezca|aparecer|est[eé]|quede)\s+(?:\S+\s+){0,3}?(?:primer[oa]s?|arriba|en lo alto)|(?:primer[oa]|first|top|number one|#1)\s+(?:\S+\s+){0,3}?(?:en|on|in)\s+google|posicionamiento|posicion[ae]\w*\s+(?:\S+\s+){0,3}?(?:google|buscador)|\bSEO\b|rank\w*\s+(?:\S+\s+){0,4}?(?:google|search))/iu,
    es: (m) =>
      `el puesto en Google (${m.trim()}) lo decide Google con cosas de fuera de la web (enlaces, reseñas, antigüedad), y nadie puede garantizarlo. Puedo, en cambio: «cambia el título de la pestaña a …» con lo que la gente busca, o «añade una sección de preguntas frecuentes»`,
    en: (m) =>
      `a place in Google (${m.trim()}) is decided by Google from things outside the site (links, reviews, age), and nobody can guarantee it. I can instead: "change the page title to …" with what people search for, or "add a FAQ section"`,
  },
  {
    // Messages to a phone: an SMS gateway and its account.
    pattern: /(?:por|via|by|as|en)\s+sms\b|\bsms\b|mensajes? de texto|text messages?/iu,
    es: (m) =>
      `mandar avisos al móvil (${m.trim()}) necesita un servicio de SMS de fuera y una cuenta que yo no puedo conectar. Los formularios de la web te llegan por correo; puedo, en cambio: «añade un botón de WhatsApp»`,
    en: (m) =>
      `sending messages to a phone (${m.trim()}) needs an outside SMS service and an account I can't connect. The site's forms reach you by email; I can instead: "add a WhatsApp button"`,
  },
  {
    // Connections to accounts and outside services.
    pattern:
      /(?:google calendar|calendly|shopify|woocommerce|stripe|paypal|mercado ?pago|bizum|redsys|cliniko|mailchimp|hubspot|salesforce|zapier|instagram feed|feed de instagram|chat en (?:vivo|directo)|live chat|chatbot|crm|calendario real|real calendar|(?:stock|inventario|inventory)\s+(?:\S+\s+){0,3}?(?:se actualice|actualizad|update)\w*|(?:conecta|sincroni[cz]a|sincroni[cz]e|integra|vincula|enlaza con mi cuenta|connect|sync|integrate|link)\w*\s+(?:\S+\s+){0,4}(?:con|with|to|a)\s+(?:mi|mis|our|my|nuestr)|cobr\w+ (?:la|el|una|un) (?:se[nñ]al|dep[oó]sito|pago)|take (?:the |a )?(?:deposit|payment)|(?:oyentes|listeners|visitas|visitors|viewers) (?:en directo|live|ahora|right now|en tiempo real)|en (?:directo|tiempo real) ahora|right now|(?:email|e-mail|envía (?:un )?correo|manda (?:un )?correo|send (?:an )?email)\w* (?:a )?(?:all|todos))/iu,
    es: (m) =>
      `eso necesita un servicio de fuera (${m.trim()}) y una cuenta que yo no puedo conectar. Puedo, en cambio: «añade un botón de WhatsApp» o «añade un formulario de reservas»`,
    en: (m) =>
      `that needs an outside service (${m.trim()}) and an account I can't connect. I can instead: "add a WhatsApp button" or "add a booking form"`,
  },
  {
    // Taking money on the site: a payment gateway and the business's merchant account.
    pattern:
      /(?:pag(?:ar|uen|ue|an)\w*\s+(?:\S+\s+){0,6}?(?:online|en l[ií]nea|desde la web|por la web|por internet)|(?:puedan|pueda|poder|puedes)\s+pagar|pasarela de pago|pagos? (?:online|en l[ií]nea)|(?:tienda|shop|store) online (?:donde|para|con|where|to|with)|carrito de compra|(?:pay|buy)\s+(?:\S+\s+){0,6}?(?:online|on the site|on the website)|(?:can|to) pay\b|online (?:shop|store) (?:where|to|with)|online payments?|checkout|e-?commerce)/iu,
    es: (m) =>
      `cobrar en la web (${m.trim()}) necesita una pasarela de pago y una cuenta de comercio del negocio, que yo no puedo abrir ni conectar. Puedo, en cambio: «añade un botón de WhatsApp para pedidos» o «añade un formulario de pedido»`,
    en: (m) =>
      `taking payments on the site (${m.trim()}) needs a payment gateway and the business's merchant account, which I can't open or connect. I can instead: "add a WhatsApp button for orders" or "add an order form"`,
  },
  {
    // Accounts for visitors: logins, private areas, uploads kept per person.
    pattern:
      /(?:usuario y contrase[nñ]a|iniciar sesi[oó]n|inicio de sesi[oó]n|(?:[aá]rea|zona|espacio) (?:privad[ao]|de clientes|de socios|de alumnos)|log ?in|sign ?in|username and password|members?(?:'s)? area|private area|client (?:area|portal)|(?:clientes|usuarios|visitantes|pacientes|alumnos|parejas|customers|clients|users|visitors)\s+(?:\S+\s+){0,3}?(?:suban|subir|upload)\w*)/iu,
    es: (m) =>
      `eso (${m.trim()}) necesita cuentas de usuario y un servidor que guarde los datos de cada persona, y una web hecha sin un modelo de IA no los tiene. Puedo, en cambio: «añade un formulario de contacto» o «añade un botón de WhatsApp»`,
    en: (m) =>
      `that (${m.trim()}) needs user accounts and a server that keeps each person's data, which a site made without an AI model doesn't have. I can instead: "add a contact form" or "add a WhatsApp button"`,
  },
  {
    // A chat or recommender driven by a model, automatic translation, detection of the visitor.
    pattern:
      /(?:(?:chat|asistente|bot|chatbot)\w*\s+(?:\S+\s+){0,4}?(?:inteligencia artificial|\bIA\b|\bAI\b)|(?:inteligencia artificial|\bIA\b|\bAI\b)\s+(?:\S+\s+){0,2}?(?:chat|chatbot|asistente|bot)|traduc\w+ autom[aá]tica\w*|autom[aá]tica\w* traducid\w*|traducida autom[aá]ticamente|detecte el idioma|automatic(?:ally)? translat\w*|detect\w* (?:the )?(?:visitor'?s? )?language)/iu,
    es: (m) =>
      `eso (${m.trim()}) necesita un servicio que funcione mientras la gente visita la web, y una web publicada sin un modelo de IA es fija. Puedo, en cambio: «traduce la web al inglés» o «añade una sección de preguntas frecuentes»`,
    en: (m) =>
      `that (${m.trim()}) needs a service running while people visit the site, and a site published without an AI model is static. I can instead: "translate the site to Spanish" or "add a FAQ section"`,
  },
  {
    // "haz eso otra vez", "lo mismo": nothing earlier to refer to.
    pattern:
      /^(?:\S+\s+){0,2}(?:eso|esto|lo mismo|lo de antes|that|it|the same)(?:\s+(?:otra vez|de nuevo|again|igual|como antes|please|porfa))?[.!?]*$/iu,
    es: () =>
      '«eso» no se refiere a nada que yo tenga: cada mensaje me llega solo, sin lo que pediste antes. Dime el cambio completo, por ejemplo «cambia el color principal a verde» o «quita la sección de opiniones»',
    en: () =>
      '"that" refers to nothing I have: each message reaches me on its own. Tell me the whole change, e.g. "change the main colour to green" or "remove the reviews section"',
  },
];

export function refusalFor(prompt: string, lang: Language): string | null {
  for (const reason of reasons) {
    const m = prompt.match(reason.pattern);
    if (!m) continue;
    const asked = prompt.trim().slice(0, 120);
    return lang === 'es'
      ? `He entendido que quieres «${asked}», pero ${reason.es(m[0])}. No he tocado nada.`
      : `I understood you want "${asked}", but ${reason.en(m[0])}. Nothing changed.`;
  }
  return null;
}
