/**
 * The demo course's content as plain data: who is in it and what it holds. Kept apart from the code that sends
 * it, so the shape of a realistic course reads at a glance.
 */

const FIRST_NAMES = [
  'Amara', 'Bastian', 'Chloé', 'Dmitri', 'Esperanza', 'Farid', 'Greta', 'Hiroshi', 'Ifeoma', 'Jonas',
  'Kalani', 'Lucía', 'Mateo', 'Nadia', 'Oskar', 'Priya', 'Quentin', 'Rosa', 'Søren', 'Tamar',
  'Uriel', 'Valentina', 'Wei', 'Ximena', 'Yusuf', 'Zofia', 'Aroha', 'Bilal', 'Camille', 'Dara',
];
const LAST_NAMES = [
  'Okafor', 'Lindqvist', 'Moreau', 'Ivanov', 'Ramírez', 'Haddad', 'Schneider', 'Tanaka', 'Nwosu', 'Berg',
  'Kahale', 'Fernández', 'Rossi', 'Khan', 'Nilsson', 'Sharma', 'Dubois', 'Costa', 'Jensen', 'Levi',
  'Mendes', 'Romano', 'Zhang', 'Torres', 'Demir', 'Kowalska', 'Ngata', 'Aziz', 'Laurent', 'Byrne',
];

export interface DemoPerson {
  name: string;
  login: string;
  /** Demo only, printed by `npm run seed:demo` and listed in the README: one per role, easy to type. */
  password: string;
}

/** The demo's sign-in passwords, by role. */
export const DEMO_PASSWORDS = { teacher: 'outpost-teacher', ta: 'outpost-ta', student: 'outpost-student', observer: 'outpost-observer' } as const;

function person(first: string, last: string, password: string): DemoPerson {
  const ascii = `${first}.${last}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
  return { name: `${first} ${last}`, login: `${ascii}@demo.outpost.test`, password };
}

export const DEMO = {
  course: { name: 'Introduction to Environmental Science', course_code: 'ENVS 101', sis_course_id: 'DEMO-ENVS-101' },
  sections: ['Section A (Mornings)', 'Section B (Evenings)'],
  teacher: person('Margaret', 'Aldana', DEMO_PASSWORDS.teacher),
  ta: person('Theo', 'Brennan', DEMO_PASSWORDS.ta),
  students: FIRST_NAMES.map((first, i) => person(first, LAST_NAMES[i]!, DEMO_PASSWORDS.student)),
  /** A parent or guardian who observes the first `observedStudents` students (their children). */
  observer: person('Helen', 'Okafor', DEMO_PASSWORDS.observer),
  observedStudents: 2,
  assignments: [
    { name: 'Lab 1: Water Quality Sampling', grading_type: 'points', points_possible: 20, submission_types: ['online_upload'], allowed_extensions: ['pdf', 'docx'] },
    { name: 'Reading Response: Silent Spring', grading_type: 'points', points_possible: 10, submission_types: ['online_text_entry'] },
    { name: 'Field Journal Week 1', grading_type: 'pass_fail', points_possible: 5, submission_types: ['online_text_entry', 'online_upload'] },
    { name: 'Carbon Footprint Calculator', grading_type: 'percent', points_possible: 100, submission_types: ['online_url'] },
    { name: 'Lab 2: Soil Composition', grading_type: 'points', points_possible: 20, submission_types: ['online_upload'], peer_reviews: true },
    { name: 'Ecosystem Poster', grading_type: 'letter_grade', points_possible: 50, submission_types: ['online_upload', 'media_recording'] },
    { name: 'Participation', grading_type: 'points', points_possible: 25, submission_types: ['none'] },
    { name: 'Midterm Essay: Energy Transitions', grading_type: 'letter_grade', points_possible: 100, submission_types: ['online_text_entry', 'online_upload'], peer_reviews: true },
    { name: 'Field Trip Worksheet', grading_type: 'points', points_possible: 15, submission_types: ['on_paper'] },
    { name: 'Recycling Audit', grading_type: 'gpa_scale', points_possible: 4, submission_types: ['online_upload'] },
    { name: 'Podcast: Local Watershed', grading_type: 'points', points_possible: 30, submission_types: ['media_recording', 'online_url'] },
    { name: 'Ungraded Survey: Study Habits', grading_type: 'not_graded', points_possible: 0, submission_types: ['online_text_entry'] },
  ],
  quizzes: [
    { title: 'Quiz 1: The Water Cycle', quiz_type: 'assignment', points_possible: 10 },
    { title: 'Quiz 2: Biomes', quiz_type: 'assignment', points_possible: 15 },
    { title: 'Practice Quiz: Units and Measures', quiz_type: 'practice_quiz', points_possible: 5 },
  ],
  discussions: [
    { title: 'Introduce Yourself', message: '<p>Tell us where you grew up and one environmental issue you care about.</p>' },
    { title: 'Is Nuclear Power Green?', message: '<p>Take a position and support it with two sources.</p>' },
    { title: 'Field Trip Reflections', message: '<p>What surprised you at the wetland reserve?</p>' },
  ],
  pages: [
    {
      title: 'Course Overview',
      body: '<h2>Welcome to ENVS 101</h2><p>Each unit pairs a field lab with readings. Work through the modules in order.</p>',
    },
    {
      title: 'Lab Safety Rules',
      body: '<ol><li>Gloves and goggles for every sample.</li><li>Label containers before filling them.</li><li>Report spills at once.</li></ol>',
    },
  ],
  /** Reading responses the first students submit. */
  responses: [
    'Carson shows how one chemical travels through a whole food web.',
    'The chapter on robins changed how I think about lawn spraying.',
    'I was surprised that the book led to a federal ban so quickly.',
    'Her writing mixes science and storytelling, which made it persuasive.',
  ],
  files: [
    { name: 'syllabus.txt', content_type: 'text/plain', text: 'ENVS 101 syllabus: labs, readings and grading policy.' },
    { name: 'lab-safety.txt', content_type: 'text/plain', text: 'Wear gloves and goggles; label every sample.' },
    { name: 'reading-list.csv', content_type: 'text/csv', text: 'title,author\nSilent Spring,Rachel Carson\nThe Sixth Extinction,Elizabeth Kolbert\n' },
  ],
};
