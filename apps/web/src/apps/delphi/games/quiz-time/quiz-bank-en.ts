/** Quiz Time's questions in English (original; the Danish bank has the same structure and answers). */
import type { QuizBank } from './quiz-config';

export const QUIZ_BANK_EN: QuizBank = {
  socialScience: [
    { text: 'What does GDP stand for?', options: ['Gross Domestic Product', 'General Debt Percentage', 'Global Development Plan', 'Government Direct Payment'], answer: 0 },
    { text: 'Which scientist is best known for the study of classical conditioning in dogs?', options: ['Sigmund Freud', 'Ivan Pavlov', 'Jean Piaget', 'B. F. Skinner'], answer: 1 },
    { text: 'In economics, what is inflation?', options: ['A fall in unemployment', 'A rise in the general price level', 'An increase in exports', 'A cut in interest rates'], answer: 1 },
    { text: 'How many member states does the European Union have (2024)?', options: ['25', '27', '28', '30'], answer: 1 },
    { text: 'What is the name of the study of human societies and their cultures?', options: ['Geology', 'Anthropology', 'Astronomy', 'Entomology'], answer: 1 },
    { text: 'Which body passes laws in Denmark?', options: ['The Supreme Court', 'The Folketing', 'The Council of State', 'The Regions'], answer: 1 },
    { text: 'What is a "placebo" in an experiment?', options: ['A treatment with no active effect', 'The strongest dose', 'A second experimenter', 'A written consent form'], answer: 0 },
    { text: 'Which term describes a market with only one seller?', options: ['Oligopoly', 'Monopoly', 'Monopsony', 'Perfect competition'], answer: 1 },
    { text: 'Who wrote "The Wealth of Nations" (1776)?', options: ['Karl Marx', 'John Maynard Keynes', 'Adam Smith', 'David Ricardo'], answer: 2 },
    { text: 'What does a census count?', options: ['Votes in an election', 'The population of a country', 'Imports and exports', 'Hours worked per week'], answer: 1 },
  ],
  naturalScience: [
    { text: 'What is the chemical symbol for gold?', options: ['Go', 'Gd', 'Au', 'Ag'], answer: 2 },
    { text: 'Which planet is closest to the Sun?', options: ['Venus', 'Mercury', 'Mars', 'Earth'], answer: 1 },
    { text: 'What gas do plants mainly take in for photosynthesis?', options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Hydrogen'], answer: 2 },
    { text: 'At sea level, at what temperature does water boil?', options: ['90 °C', '100 °C', '110 °C', '120 °C'], answer: 1 },
    { text: 'What is the powerhouse of the cell?', options: ['The nucleus', 'The ribosome', 'The mitochondrion', 'The cell wall'], answer: 2 },
    { text: 'How many bones does an adult human have, approximately?', options: ['106', '206', '306', '406'], answer: 1 },
    { text: 'What is the speed of light in vacuum, roughly?', options: ['300,000 km/s', '30,000 km/s', '3,000 km/s', '3,000,000 km/s'], answer: 0 },
    { text: 'Which particle has a negative electric charge?', options: ['Proton', 'Neutron', 'Electron', 'Photon'], answer: 2 },
    { text: 'What is the most abundant gas in the Earth\'s atmosphere?', options: ['Oxygen', 'Nitrogen', 'Argon', 'Carbon dioxide'], answer: 1 },
    { text: 'Which blood cells fight infections?', options: ['Red blood cells', 'Platelets', 'White blood cells', 'Plasma cells of the skin'], answer: 2 },
  ],
  humanities: [
    { text: 'Who wrote the fairy tale "The Little Mermaid"?', options: ['The Brothers Grimm', 'Hans Christian Andersen', 'Charles Perrault', 'Selma Lagerlöf'], answer: 1 },
    { text: 'Which philosopher wrote "Either/Or"?', options: ['Søren Kierkegaard', 'Immanuel Kant', 'Friedrich Nietzsche', 'René Descartes'], answer: 0 },
    { text: 'In which city is the Louvre museum?', options: ['Rome', 'Madrid', 'Paris', 'Vienna'], answer: 2 },
    { text: 'Who painted the "Mona Lisa"?', options: ['Michelangelo', 'Raphael', 'Leonardo da Vinci', 'Titian'], answer: 2 },
    { text: 'Which language family does Danish belong to?', options: ['Romance', 'North Germanic', 'Slavic', 'Finno-Ugric'], answer: 1 },
    { text: 'Who is the author of "Hamlet"?', options: ['Christopher Marlowe', 'William Shakespeare', 'Ben Jonson', 'John Milton'], answer: 1 },
    { text: 'What was the Renaissance?', options: ['A war in the 1600s', 'A cultural rebirth in Europe', 'A Roman emperor', 'A medieval plague'], answer: 1 },
    { text: 'Which composer wrote the "Moonlight" Sonata?', options: ['Mozart', 'Bach', 'Beethoven', 'Chopin'], answer: 2 },
    { text: 'In Norse mythology, who carries the hammer Mjölnir?', options: ['Odin', 'Loki', 'Thor', 'Freyr'], answer: 2 },
    { text: 'Which ancient civilisation built the pyramids of Giza?', options: ['The Romans', 'The Egyptians', 'The Greeks', 'The Persians'], answer: 1 },
  ],
};
