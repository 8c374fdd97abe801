/**
 * The sites the corpus edits: three small but real projects with the indentation styles sites
 * have (2 spaces, 4 spaces, tabs), near-duplicate blocks (dishes, pricing cards that differ by a
 * number) and a stylesheet and script each.
 */

export type Files = Record<string, string>;

const restaurantHtml = `<!DOCTYPE html>
<html lang="es">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Casa Lola · Cocina de mercado</title>
  <link rel="stylesheet" href="style.css">
</head>
<body>
  <header class="site-header">
    <a class="logo" href="#inicio">Casa Lola</a>
    <nav class="main-nav">
      <ul>
        <li><a href="#inicio">Inicio</a></li>
        <li><a href="#carta">Carta</a></li>
        <li><a href="#reservas">Reservas</a></li>
      </ul>
    </nav>
  </header>

  <main>
    <section id="inicio" class="hero">
      <h1>Cocina de mercado en el corazón de Sevilla</h1>
      <p class="lead">Producto de temporada, recetas de la abuela y una terraza con sombra.</p>
      <a class="btn btn-primary" href="#reservas">Reservar mesa</a>
    </section>

    <section id="carta" class="menu">
      <h2>Nuestra carta</h2>
      <ul class="dishes">
        <li class="dish">
          <h3>Salmorejo cordobés</h3>
          <p>Con jamón ibérico y huevo duro.</p>
          <span class="price">7,50 €</span>
        </li>
        <li class="dish">
          <h3>Croquetas de puchero</h3>
          <p>Ocho unidades, cremosas por dentro.</p>
          <span class="price">9,00 €</span>
        </li>
        <li class="dish">
          <h3>Presa ibérica a la brasa</h3>
          <p>Con patatas panaderas y pimientos asados.</p>
          <span class="price">16,50 €</span>
        </li>
        <li class="dish">
          <h3>Tarta de queso</h3>
          <p>Al horno, con frutos rojos.</p>
          <span class="price">5,50 €</span>
        </li>
      </ul>
    </section>

    <section id="reservas" class="booking">
      <h2>Reserva tu mesa</h2>
      <form class="booking-form">
        <label for="name">Nombre</label>
        <input id="name" name="name" type="text" required>
        <label for="date">Fecha</label>
        <input id="date" name="date" type="date" required>
        <button type="submit" class="btn btn-primary">Enviar reserva</button>
      </form>
    </section>
  </main>

  <footer class="site-footer">
    <p>&copy; 2025 Casa Lola &middot; Calle Feria 12, Sevilla</p>
  </footer>
  <script src="script.js"></script>
</body>
</html>
`;

const restaurantCss = `:root {
  --brand: #b5522d;
  --ink: #2b2420;
  --paper: #fbf7f2;
}

body {
  margin: 0;
  font-family: "Inter", system-ui, sans-serif;
  color: var(--ink);
  background: var(--paper);
}

.site-header {
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 1rem 2rem;
}

.main-nav ul {
  display: flex;
  gap: 1.5rem;
  list-style: none;
}

.hero {
  padding: 6rem 2rem;
  text-align: center;
}

.btn-primary {
  background: var(--brand);
  color: #fff;
  padding: 0.75rem 1.5rem;
  border-radius: 999px;
}

.dish {
  display: grid;
  grid-template-columns: 1fr auto;
  border-bottom: 1px dashed #d8cfc4;
}

.price {
  font-weight: 700;
  color: var(--brand);
}
`;

const restaurantJs = `const form = document.querySelector('.booking-form');

function showThanks(name) {
  const note = document.createElement('p');
  note.className = 'thanks';
  note.textContent = \`¡Gracias, \${name}! Te confirmamos la reserva por correo.\`;
  form.after(note);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = form.querySelector('#name').value.trim();
  if (!name) return;
  showThanks(name);
  form.reset();
});
`;

const pricingHtml = `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <title>Nimbus — Cloud backups</title>
    <link rel="stylesheet" href="style.css">
</head>
<body>
    <header class="top">
        <span class="brand">Nimbus</span>
        <a class="cta" href="#pricing">See plans</a>
    </header>
    <section id="pricing" class="pricing">
        <h2>Simple pricing</h2>
        <div class="cards">
            <div class="card">
                <h3>Starter</h3>
                <p class="amount">$9<span>/mo</span></p>
                <ul>
                    <li>100 GB storage</li>
                    <li>Daily backups</li>
                </ul>
                <a class="button" href="/signup?plan=starter">Choose plan</a>
            </div>
            <div class="card">
                <h3>Team</h3>
                <p class="amount">$29<span>/mo</span></p>
                <ul>
                    <li>1 TB storage</li>
                    <li>Daily backups</li>
                </ul>
                <a class="button" href="/signup?plan=team">Choose plan</a>
            </div>
            <div class="card">
                <h3>Business</h3>
                <p class="amount">$49<span>/mo</span></p>
                <ul>
                    <li>5 TB storage</li>
                    <li>Daily backups</li>
                </ul>
                <a class="button" href="/signup?plan=business">Choose plan</a>
            </div>
        </div>
    </section>
    <footer>
        <p>Questions? <a href="mailto:hi@nimbus.dev">hi@nimbus.dev</a></p>
    </footer>
    <script src="script.js"></script>
</body>
</html>
`;

const pricingCss = `body {
    margin: 0;
    font-family: system-ui, sans-serif;
}

.cards {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: 2rem;
}

.card {
    border: 1px solid #e2e8f0;
    border-radius: 12px;
    padding: 2rem;
}

.amount {
    font-size: 2.5rem;
    font-weight: 800;
}

.button {
    display: inline-block;
    background: #2563eb;
    color: white;
}
`;

const pricingJs = `document.querySelectorAll('.button').forEach((button) => {
    button.addEventListener('click', () => {
        console.log('plan chosen', button.href);
    });
});
`;

const portfolioHtml = `<!DOCTYPE html>
<html lang="es">
<head>
\t<meta charset="utf-8">
\t<title>Marta Ruiz — Fotografía</title>
\t<link rel="stylesheet" href="style.css">
</head>
<body>
\t<header>
\t\t<h1>Marta Ruiz</h1>
\t\t<p class="tagline">Fotografía de bodas y retratos en Valencia</p>
\t</header>
\t<main>
\t\t<section class="gallery">
\t\t\t<figure>
\t\t\t\t<img src="img/boda-1.jpg" alt="Novios en la Albufera al atardecer">
\t\t\t\t<figcaption>Albufera, 2024</figcaption>
\t\t\t</figure>
\t\t\t<figure>
\t\t\t\t<img src="img/retrato-1.jpg" alt="Retrato en blanco y negro">
\t\t\t\t<figcaption>Estudio, 2023</figcaption>
\t\t\t</figure>
\t\t</section>
\t\t<section class="contact">
\t\t\t<h2>Contacto</h2>
\t\t\t<p>Escríbeme a <a href="mailto:hola@martaruiz.es">hola@martaruiz.es</a></p>
\t\t\t<button class="open-form">Pedir presupuesto</button>
\t\t</section>
\t</main>
\t<script src="script.js"></script>
</body>
</html>
`;

const portfolioCss = `body {
\tmargin: 0;
\tfont-family: Georgia, serif;
}

.gallery {
\tdisplay: grid;
\tgrid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
\tgap: 1rem;
}

figure img {
\twidth: 100%;
\tdisplay: block;
}

.open-form {
\tbackground: #111;
\tcolor: #fff;
}
`;

const portfolioJs = `function openForm() {
\tconst dialog = document.createElement('dialog');
\tdialog.innerHTML = '<p>Cuéntame tu idea y te respondo en 24 horas.</p>';
\tdocument.body.append(dialog);
\tdialog.showModal();
}

document.querySelector('.open-form').addEventListener('click', openForm);
`;

export const SITES = {
  restaurant: { 'index.html': restaurantHtml, 'style.css': restaurantCss, 'script.js': restaurantJs },
  pricing: { 'index.html': pricingHtml, 'style.css': pricingCss, 'script.js': pricingJs },
  portfolio: { 'index.html': portfolioHtml, 'style.css': portfolioCss, 'script.js': portfolioJs },
} satisfies Record<string, Files>;

export type SiteName = keyof typeof SITES;
