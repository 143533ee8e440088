import type { MailMessage } from '../../integrations/mail';

const CODE_MINUTES = 2;

/** The verification e-mail: the code, how long it lasts, and what to do if it was not requested. */
export function verificationMail(to: string, code: string): MailMessage {
  const text = [
    '안녕하세요, 포브리지입니다.',
    '',
    '회원가입을 위한 이메일 인증 코드를 보내 드립니다.',
    '',
    `인증 코드: ${code}`,
    '',
    `이 코드는 ${CODE_MINUTES}분 뒤에 만료됩니다. 회원가입 화면의 인증 코드 칸에 입력해 주세요.`,
    '직접 요청하지 않으셨다면 이 메일은 무시하셔도 됩니다.',
    '',
    '포브리지 드림',
  ].join('\n');
  const html = `<!doctype html>
<html lang="ko">
<body style="margin:0;padding:24px;background:#f5f7f8;font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1f2933">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="margin:0 0 16px;font-size:20px;color:#0b7285">포브리지 이메일 인증</h1>
    <p style="margin:0 0 16px;line-height:1.6">안녕하세요, 포브리지입니다.<br>회원가입을 위한 이메일 인증 코드를 보내 드립니다.</p>
    <p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;text-align:center" aria-label="인증 코드">${code}</p>
    <p style="margin:0 0 8px;line-height:1.6">이 코드는 <strong>${CODE_MINUTES}분 뒤에 만료</strong>됩니다. 회원가입 화면의 인증 코드 칸에 입력해 주세요.</p>
    <p style="margin:0;line-height:1.6;color:#52606d">직접 요청하지 않으셨다면 이 메일은 무시하셔도 됩니다.</p>
  </div>
</body>
</html>`;
  return { to, subject: '[포브리지] 이메일 인증 코드', text, html };
}
