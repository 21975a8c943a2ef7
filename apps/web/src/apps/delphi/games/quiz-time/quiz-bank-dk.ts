/** Quiz Time's questions in Danish: the English bank's questions, same order, options and answers. */
import type { QuizBank } from './quiz-config';

export const QUIZ_BANK_DK: QuizBank = {
  socialScience: [
    { text: 'Hvad står BNP for?', options: ['Bruttonationalprodukt', 'Budgettets nettoprocent', 'Borgernes nationale plan', 'Bankernes nye politik'], answer: 0 },
    { text: 'Hvilken forsker er bedst kendt for at studere klassisk betingning hos hunde?', options: ['Sigmund Freud', 'Ivan Pavlov', 'Jean Piaget', 'B. F. Skinner'], answer: 1 },
    { text: 'Hvad er inflation i økonomi?', options: ['Et fald i arbejdsløsheden', 'En stigning i det generelle prisniveau', 'En stigning i eksporten', 'En sænkning af renten'], answer: 1 },
    { text: 'Hvor mange medlemslande har Den Europæiske Union (2024)?', options: ['25', '27', '28', '30'], answer: 1 },
    { text: 'Hvad hedder studiet af menneskelige samfund og deres kulturer?', options: ['Geologi', 'Antropologi', 'Astronomi', 'Entomologi'], answer: 1 },
    { text: 'Hvilken forsamling vedtager love i Danmark?', options: ['Højesteret', 'Folketinget', 'Statsrådet', 'Regionerne'], answer: 1 },
    { text: 'Hvad er en "placebo" i et forsøg?', options: ['En behandling uden aktiv virkning', 'Den stærkeste dosis', 'En ekstra forsøgsleder', 'En skriftlig samtykkeerklæring'], answer: 0 },
    { text: 'Hvilket begreb beskriver et marked med kun én sælger?', options: ['Oligopol', 'Monopol', 'Monopson', 'Fuldkommen konkurrence'], answer: 1 },
    { text: 'Hvem skrev "Nationernes velstand" (1776)?', options: ['Karl Marx', 'John Maynard Keynes', 'Adam Smith', 'David Ricardo'], answer: 2 },
    { text: 'Hvad tæller en folketælling?', options: ['Stemmer ved et valg', 'Et lands befolkning', 'Import og eksport', 'Arbejdstimer pr. uge'], answer: 1 },
  ],
  naturalScience: [
    { text: 'Hvad er det kemiske symbol for guld?', options: ['Go', 'Gd', 'Au', 'Ag'], answer: 2 },
    { text: 'Hvilken planet er tættest på Solen?', options: ['Venus', 'Merkur', 'Mars', 'Jorden'], answer: 1 },
    { text: 'Hvilken gas optager planter især til fotosyntese?', options: ['Ilt', 'Kvælstof', 'Kuldioxid', 'Brint'], answer: 2 },
    { text: 'Ved hvilken temperatur koger vand ved havoverfladen?', options: ['90 °C', '100 °C', '110 °C', '120 °C'], answer: 1 },
    { text: 'Hvad er cellens kraftværk?', options: ['Cellekernen', 'Ribosomet', 'Mitokondriet', 'Cellevæggen'], answer: 2 },
    { text: 'Omtrent hvor mange knogler har et voksent menneske?', options: ['106', '206', '306', '406'], answer: 1 },
    { text: 'Hvad er lysets hastighed i vakuum, cirka?', options: ['300.000 km/s', '30.000 km/s', '3.000 km/s', '3.000.000 km/s'], answer: 0 },
    { text: 'Hvilken partikel har negativ elektrisk ladning?', options: ['Proton', 'Neutron', 'Elektron', 'Foton'], answer: 2 },
    { text: 'Hvilken gas er der mest af i Jordens atmosfære?', options: ['Ilt', 'Kvælstof', 'Argon', 'Kuldioxid'], answer: 1 },
    { text: 'Hvilke blodlegemer bekæmper infektioner?', options: ['Røde blodlegemer', 'Blodplader', 'Hvide blodlegemer', 'Hudens plasmaceller'], answer: 2 },
  ],
  humanities: [
    { text: 'Hvem skrev eventyret "Den lille havfrue"?', options: ['Brødrene Grimm', 'H.C. Andersen', 'Charles Perrault', 'Selma Lagerlöf'], answer: 1 },
    { text: 'Hvilken filosof skrev "Enten – Eller"?', options: ['Søren Kierkegaard', 'Immanuel Kant', 'Friedrich Nietzsche', 'René Descartes'], answer: 0 },
    { text: 'I hvilken by ligger Louvre-museet?', options: ['Rom', 'Madrid', 'Paris', 'Wien'], answer: 2 },
    { text: 'Hvem malede "Mona Lisa"?', options: ['Michelangelo', 'Rafael', 'Leonardo da Vinci', 'Tizian'], answer: 2 },
    { text: 'Hvilken sprogfamilie hører dansk til?', options: ['Romansk', 'Nordgermansk', 'Slavisk', 'Finsk-ugrisk'], answer: 1 },
    { text: 'Hvem har skrevet "Hamlet"?', options: ['Christopher Marlowe', 'William Shakespeare', 'Ben Jonson', 'John Milton'], answer: 1 },
    { text: 'Hvad var renæssancen?', options: ['En krig i 1600-tallet', 'En kulturel genfødsel i Europa', 'En romersk kejser', 'En middelalderlig pest'], answer: 1 },
    { text: 'Hvilken komponist skrev "Måneskinssonaten"?', options: ['Mozart', 'Bach', 'Beethoven', 'Chopin'], answer: 2 },
    { text: 'Hvem bærer hammeren Mjølner i nordisk mytologi?', options: ['Odin', 'Loke', 'Thor', 'Frej'], answer: 2 },
    { text: 'Hvilken oldtidscivilisation byggede pyramiderne i Giza?', options: ['Romerne', 'Egypterne', 'Grækerne', 'Perserne'], answer: 1 },
  ],
};
