import { describe, expect, it } from 'vitest';
import { modelProblem } from './booking.model.rules.ts';

const files = { basePath: '/yy-sys', origin: 'https://yy.example.edu' };
const FILE = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';

describe('modelProblem', () => {
  it.each([
    ['nothing given', {}, null],
    ['empty values', { email: '', phone: '', enclosure: '' }, null],
    ['a file uploaded here', { enclosure: FILE }, null],
    ['a file uploaded here, absolute', { enclosure: `https://yy.example.edu${FILE}` }, null],
    ['good contacts', { email: 'a.b@mail.example.edu', phone: '+86 138-0000-0000' }, null],
    ['a landline', { phone: '010-62751234' }, null],
    ['javascript:', { enclosure: 'javascript:alert(1)' }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['data: HTML', { enclosure: 'data:text/html,<script>alert(1)</script>' }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['a phishing URL', { enclosure: 'https://evil.example.com/login' }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['our path on another host', { enclosure: `https://evil.example.com${FILE}` }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['a path past the file', { enclosure: `${FILE}/../../x` }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['another base path', { enclosure: FILE.replace('/yy-sys', '/other') }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['a protocol-relative URL', { enclosure: `//evil.example.com${FILE}` }, 'ENCLOSURE_NOT_UPLOADED enclosure'],
    ['no @', { email: 'someone.example.edu' }, 'EMAIL_INVALID email'],
    ['no domain dot', { email: 'a@localhost' }, 'EMAIL_INVALID email'],
    ['markup in an email (shown as text, never as HTML)', { email: '<a>@x.y' }, null],
    ['spaces in an email', { email: 'a b@x.y' }, 'EMAIL_INVALID email'],
    ['letters in a phone', { phone: '1380000abcd' }, 'PHONE_INVALID phone'],
    ['a URL as a phone', { phone: 'javascript:1' }, 'PHONE_INVALID phone'],
    ['too short a phone', { phone: '123' }, 'PHONE_INVALID phone'],
    [
      "a participant's mobile",
      { appointmentParticipantList: [{ mobile: '13800000000' }, { mobile: 'call me' }] },
      'PHONE_INVALID appointmentParticipantList[1].mobile',
    ],
    [
      "a participant's email",
      { appointmentParticipantList: [null, { email: 'nobody' }] },
      'EMAIL_INVALID appointmentParticipantList[1].email',
    ],
  ])('%s', (_, model, expected) => {
    const problem = modelProblem(model, files);
    expect(problem && `${problem.code} ${problem.field}`).toBe(expected);
  });
});
