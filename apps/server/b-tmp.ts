import { analysePrompt } from './src/providers/ai/composer/analyse';
const ps = [
 'Clínica Dental Sonríe+ en Getafe. Implantes, ortodoncia invisible y limpiezas. Primera visita gratis. Horario L-V 9:30-14:00 y 16:30-20:30. Tel. +34 916 83 22 10. Av. de las Ciudades 41',
 'Paws & Claws Veterinary Clinic, Austin TX. Vaccinations, dental care, surgery and 24/7 emergency. New client exam $65. 2210 S Lamar Blvd. (512) 555-0199',
 'INMOBILIARIA COSTA BLANCA HOMES - JAVEA. VENTA Y ALQUILER DE VILLAS Y APARTAMENTOS. TASACION GRATUITA. TEL 965 79 11 02. OFICINA EN AVDA. DEL PLA 126',
 'Taller mecánico Hnos. Pérez en Albacete: cambio de aceite desde 49 €, ITV, neumáticos y diagnosis. Polígono Campollano, calle E nº 12. Llama al 967 21 43 65 o escribe a tallerhnosperez@gmail.com',
 'Hive Coworking, Lisbon (Cais do Sodré). Hot desk €15/day or €180/month, fixed desk €250/month, meeting rooms. Open 8:00–20:00 weekdays. Rua da Boavista 71. hi@hivelisbon.pt',
 'Albergue de peregrinos Casa Xacobea en Sarria, Camino de Santiago. Literas 15€/noche, habitación privada 40€. Lavadora y cocina común. Rúa Maior 19. 982 53 11 44',
];
for (const p of ps) { const b = analysePrompt(p) as any; console.log(JSON.stringify({ name: b.name, kind: b.kindId, f: b.facts }).slice(0, 600)); }
