/**
 * The showcase's knowledge quiz (SPEC §1, §4, §9): 10 questions in each of Social Science,
 * Natural Science and Humanities, plus two attention questions, each its own one-question
 * category that is not scored. Original questions (not Quiz Time's). The first option of each
 * question is the correct one here; options are shuffled at start.
 */
export type QuizLanguage = 'en' | 'dk';

export interface QuizQuestion {
  readonly id: string;
  readonly text: string;
  /** The correct answer first; shuffled at start. */
  readonly options: readonly [string, string, string, string];
}

export interface QuizCategory {
  readonly id: 'socialScience' | 'naturalScience' | 'humanities' | 'attention1' | 'attention2';
  readonly name: string;
  readonly attention: boolean;
  readonly questions: readonly QuizQuestion[];
}

type Q = [id: string, text: string, correct: string, a: string, b: string, c: string];
const q = ([id, text, correct, a, b, c]: Q): QuizQuestion => ({ id, text, options: [correct, a, b, c] });

const EN: readonly QuizCategory[] = [
  {
    id: 'socialScience',
    name: 'Social Science',
    attention: false,
    questions: (
      [
        ['ss1', 'What does a sociologist mainly study?', 'Society and social behaviour', 'Rocks and minerals', 'Ancient languages', 'Weather patterns'],
        ['ss2', 'In economics, what is an "opportunity cost"?', 'The value of the best alternative given up', 'The price printed on a product', 'A tax on imports', 'The cost of opening a shop'],
        ['ss3', 'What is a referendum?', 'A direct vote by citizens on a single question', 'A meeting of the government', 'A ruling of the highest court', 'A count of registered voters'],
        ['ss4', 'What does "urbanisation" describe?', 'People moving from the countryside to towns and cities', 'The building of new motorways', 'The spread of forests', 'The decline of world trade'],
        ['ss5', 'Which research method asks many people the same set of questions?', 'A survey', 'A case study', 'An excavation', 'A titration'],
        ['ss6', 'What is the main task of a central bank?', "Managing a country's money and interest rates", 'Collecting income tax', 'Running the postal service', 'Writing the constitution'],
        ['ss7', 'What is "confirmation bias"?', 'Favouring information that supports what one already believes', 'Forgetting recent events', 'Always trusting experts', 'Changing one’s mind very often'],
        ['ss8', 'What is the number of births per 1,000 people in a year called?', 'The birth rate', 'Life expectancy', 'The migration rate', 'The dependency ratio'],
        ['ss9', 'What does the "separation of powers" divide?', 'Legislative, executive and judicial power', 'Rich and poor regions', 'Church and science', 'Cities and villages'],
        ['ss10', 'Who counts as unemployed in official statistics?', 'Someone without paid work who is able to work and looking for it', 'Someone who works part-time by choice', 'Someone who has retired', 'A full-time university student'],
      ] as Q[]
    ).map(q),
  },
  { id: 'attention1', name: 'Attention check', attention: true, questions: [q(['at1', 'This is an attention question. Please choose "Blue".', 'Blue', 'Red', 'Green', 'Yellow'])] },
  {
    id: 'naturalScience',
    name: 'Natural Science',
    attention: false,
    questions: (
      [
        ['ns1', 'What is the hardest natural material?', 'Diamond', 'Granite', 'Iron', 'Quartz'],
        ['ns2', 'How many chambers does the human heart have?', 'Four', 'Two', 'Three', 'Six'],
        ['ns3', 'Which force keeps the planets in their orbits around the Sun?', 'Gravity', 'Magnetism', 'Friction', 'Air pressure'],
        ['ns4', 'What is H₂O more commonly called?', 'Water', 'Table salt', 'Hydrogen peroxide', 'Ammonia'],
        ['ns5', 'Which organ produces insulin?', 'The pancreas', 'The liver', 'The kidneys', 'The lungs'],
        ['ns6', 'What is the unit of electrical resistance?', 'Ohm', 'Volt', 'Watt', 'Ampere'],
        ['ns7', 'Which is the largest planet in our solar system?', 'Jupiter', 'Saturn', 'Earth', 'Neptune'],
        ['ns8', 'What are animals that eat only plants called?', 'Herbivores', 'Carnivores', 'Omnivores', 'Decomposers'],
        ['ns9', 'What carries the genetic information in most living things?', 'DNA', 'Glucose', 'Haemoglobin', 'Chlorophyll'],
        ['ns10', 'What is the pH of pure water at 25 °C?', '7', '1', '10', '14'],
      ] as Q[]
    ).map(q),
  },
  { id: 'attention2', name: 'Attention check', attention: true, questions: [q(['at2', 'To show that you are reading, please choose the option "Seven".', 'Seven', 'Three', 'Ten', 'One'])] },
  {
    id: 'humanities',
    name: 'Humanities',
    attention: false,
    questions: (
      [
        ['hu1', 'Who wrote "Pride and Prejudice"?', 'Jane Austen', 'Charlotte Brontë', 'Virginia Woolf', 'Mary Shelley'],
        ['hu2', 'Which Danish film director co-founded the Dogme 95 movement?', 'Lars von Trier', 'Carl Th. Dreyer', 'Susanne Bier', 'Nicolas Winding Refn'],
        ['hu3', 'In which country were the ancient Olympic Games held?', 'Greece', 'Italy', 'Egypt', 'Turkey'],
        ['hu4', 'What is an epic?', 'A long narrative poem about heroic deeds', 'A short joke', 'A painting on wet plaster', 'A piece for solo piano'],
        ['hu5', 'Which painter cut off part of his own ear?', 'Vincent van Gogh', 'Claude Monet', 'Edvard Munch', 'Pablo Picasso'],
        ['hu6', 'Which Roman emperor wrote the "Meditations"?', 'Marcus Aurelius', 'Julius Caesar', 'Augustus', 'Nero'],
        ['hu7', 'What is the study of the meaning of words called?', 'Semantics', 'Phonetics', 'Geology', 'Numismatics'],
        ['hu8', 'Which Danish writer wrote "Out of Africa" under the name Isak Dinesen?', 'Karen Blixen', 'Tove Ditlevsen', 'Inger Christensen', 'Hans Christian Andersen'],
        ['hu9', 'In which century did printing with movable type spread through Europe?', 'The 15th century', 'The 12th century', 'The 18th century', 'The 10th century'],
        ['hu10', 'Which style of building is known for pointed arches and flying buttresses?', 'Gothic', 'Baroque', 'Modernist', 'Art Nouveau'],
      ] as Q[]
    ).map(q),
  },
];

const DK: readonly QuizCategory[] = [
  {
    id: 'socialScience',
    name: 'Samfundsvidenskab',
    attention: false,
    questions: (
      [
        ['ss1', 'Hvad studerer en sociolog først og fremmest?', 'Samfundet og social adfærd', 'Sten og mineraler', 'Gamle sprog', 'Vejrmønstre'],
        ['ss2', 'Hvad er en "alternativomkostning" i økonomi?', 'Værdien af det bedste alternativ, man giver afkald på', 'Prisen, der står på en vare', 'En told på importvarer', 'Udgiften til at åbne en butik'],
        ['ss3', 'Hvad er en folkeafstemning?', 'En direkte afstemning blandt borgerne om ét spørgsmål', 'Et møde i regeringen', 'En afgørelse fra Højesteret', 'En optælling af vælgere'],
        ['ss4', 'Hvad beskriver "urbanisering"?', 'At folk flytter fra landet til byerne', 'Byggeriet af nye motorveje', 'At skovene breder sig', 'At verdenshandlen falder'],
        ['ss5', 'Hvilken forskningsmetode stiller mange mennesker de samme spørgsmål?', 'En spørgeskemaundersøgelse', 'Et casestudie', 'En udgravning', 'En titrering'],
        ['ss6', 'Hvad er en centralbanks vigtigste opgave?', 'At styre landets penge og renteniveau', 'At opkræve indkomstskat', 'At drive postvæsenet', 'At skrive grundloven'],
        ['ss7', 'Hvad er "bekræftelsesbias"?', 'At foretrække oplysninger, der bekræfter det, man allerede mener', 'At glemme nylige begivenheder', 'Altid at stole på eksperter', 'At skifte mening meget ofte'],
        ['ss8', 'Hvad kaldes antallet af fødsler pr. 1.000 indbyggere på et år?', 'Fødselsraten', 'Middellevetiden', 'Migrationsraten', 'Forsørgerbrøken'],
        ['ss9', 'Hvad deler magtens tredeling?', 'Den lovgivende, udøvende og dømmende magt', 'Rige og fattige regioner', 'Kirke og videnskab', 'Byer og landsbyer'],
        ['ss10', 'Hvem regnes som ledig i den officielle statistik?', 'En person uden lønnet arbejde, som kan arbejde og søger job', 'En person, der selv har valgt deltid', 'En person, der er gået på pension', 'En fuldtidsstuderende'],
      ] as Q[]
    ).map(q),
  },
  { id: 'attention1', name: 'Opmærksomhedstjek', attention: true, questions: [q(['at1', 'Dette er et opmærksomhedsspørgsmål. Vælg venligst "Blå".', 'Blå', 'Rød', 'Grøn', 'Gul'])] },
  {
    id: 'naturalScience',
    name: 'Naturvidenskab',
    attention: false,
    questions: (
      [
        ['ns1', 'Hvad er det hårdeste naturlige materiale?', 'Diamant', 'Granit', 'Jern', 'Kvarts'],
        ['ns2', 'Hvor mange kamre har menneskets hjerte?', 'Fire', 'To', 'Tre', 'Seks'],
        ['ns3', 'Hvilken kraft holder planeterne i deres baner om Solen?', 'Tyngdekraften', 'Magnetisme', 'Friktion', 'Lufttryk'],
        ['ns4', 'Hvad kaldes H₂O til daglig?', 'Vand', 'Køkkensalt', 'Brintoverilte', 'Ammoniak'],
        ['ns5', 'Hvilket organ danner insulin?', 'Bugspytkirtlen', 'Leveren', 'Nyrerne', 'Lungerne'],
        ['ns6', 'Hvad er enheden for elektrisk modstand?', 'Ohm', 'Volt', 'Watt', 'Ampere'],
        ['ns7', 'Hvilken planet er den største i vores solsystem?', 'Jupiter', 'Saturn', 'Jorden', 'Neptun'],
        ['ns8', 'Hvad kaldes dyr, der kun spiser planter?', 'Planteædere', 'Rovdyr', 'Altædende dyr', 'Nedbrydere'],
        ['ns9', 'Hvad bærer den genetiske information i de fleste levende væsener?', 'DNA', 'Glukose', 'Hæmoglobin', 'Klorofyl'],
        ['ns10', 'Hvad er pH-værdien af rent vand ved 25 °C?', '7', '1', '10', '14'],
      ] as Q[]
    ).map(q),
  },
  { id: 'attention2', name: 'Opmærksomhedstjek', attention: true, questions: [q(['at2', 'Vis, at du læser med, ved at vælge svaret "Syv".', 'Syv', 'Tre', 'Ti', 'En'])] },
  {
    id: 'humanities',
    name: 'Humaniora',
    attention: false,
    questions: (
      [
        ['hu1', 'Hvem skrev "Stolthed og fordom"?', 'Jane Austen', 'Charlotte Brontë', 'Virginia Woolf', 'Mary Shelley'],
        ['hu2', 'Hvilken dansk filminstruktør var med til at grundlægge Dogme 95?', 'Lars von Trier', 'Carl Th. Dreyer', 'Susanne Bier', 'Nicolas Winding Refn'],
        ['hu3', 'I hvilket land blev de antikke olympiske lege holdt?', 'Grækenland', 'Italien', 'Egypten', 'Tyrkiet'],
        ['hu4', 'Hvad er et epos?', 'Et langt fortællende digt om heltegerninger', 'En kort vittighed', 'Et maleri på våd puds', 'Et stykke for soloklaver'],
        ['hu5', 'Hvilken maler skar en del af sit eget øre af?', 'Vincent van Gogh', 'Claude Monet', 'Edvard Munch', 'Pablo Picasso'],
        ['hu6', 'Hvilken romersk kejser skrev "Selvbetragtninger"?', 'Marcus Aurelius', 'Julius Cæsar', 'Augustus', 'Nero'],
        ['hu7', 'Hvad kaldes læren om ords betydning?', 'Semantik', 'Fonetik', 'Geologi', 'Numismatik'],
        ['hu8', 'Hvilken dansk forfatter skrev "Den afrikanske farm"?', 'Karen Blixen', 'Tove Ditlevsen', 'Inger Christensen', 'H.C. Andersen'],
        ['hu9', 'I hvilket århundrede bredte bogtryk med løse typer sig i Europa?', 'I 1400-tallet', 'I 1100-tallet', 'I 1700-tallet', 'I 900-tallet'],
        ['hu10', 'Hvilken byggestil kendes på spidsbuer og stræbebuer?', 'Gotik', 'Barok', 'Modernisme', 'Skønvirke'],
      ] as Q[]
    ).map(q),
  },
];

export const QUIZ_BANK: Readonly<Record<QuizLanguage, readonly QuizCategory[]>> = { en: EN, dk: DK };
