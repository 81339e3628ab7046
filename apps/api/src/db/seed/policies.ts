/** The first published terms of service. */
export const TERMS_OF_SERVICE_V1 = `
<h2>Crossarm Terms of Service</h2>
<p>These terms govern your use of Crossarm, a platform on which pole owners and the organizations that attach
equipment to their poles exchange and work joint use permit applications. By selecting <strong>I Agree</strong> you
accept them on behalf of yourself and the organization that invited you.</p>
<h3>1. Your account</h3>
<p>Your organization's administrator invites you and decides what you may see and do. Keep your credentials to
yourself; you are responsible for what is done with your account. Tell your administrator at once if you think
someone else has used it.</p>
<h3>2. Acceptable use</h3>
<ul>
<li>Use Crossarm only for your organization's joint use, engineering and related work.</li>
<li>Do not upload material you have no right to share, or that contains malware.</li>
<li>Do not try to reach data of organizations you do not work with, or to disrupt the service.</li>
</ul>
<h3>3. Your data</h3>
<p>Applications, files, comments and other content belong to the organizations that submit them. Crossarm stores
and processes them to provide the service, shows them to the parties of each permit, and keeps a time-stamped
history of every change, which cannot be altered.</p>
<h3>4. Availability</h3>
<p>We work to keep Crossarm available and secure, and announce planned maintenance in advance. Regulatory deadlines
shown in Crossarm are an aid; the governing rules and your agreements remain authoritative.</p>
<h3>5. Changes</h3>
<p>When these terms change, you will be asked to agree to the new version before you continue.</p>
<h3>6. Contact</h3>
<p>Questions about these terms go to your organization's administrator or to Crossarm support.</p>`;

/** The first published privacy policy. */
export const PRIVACY_POLICY_V1 = `
<h2>Crossarm Privacy Policy</h2>
<p>This policy explains what personal information Crossarm keeps about the people who use it, and why.</p>
<h3>What we keep</h3>
<ul>
<li>Your name, e-mail address, phone number, title and organization, as entered by you or your administrator.</li>
<li>Your sign-in history and the actions you take on permits and projects, which form part of each permit's history.</li>
<li>Your preferences, such as dark mode and saved views.</li>
</ul>
<h3>Why</h3>
<p>To let you sign in, to show the parties of a permit who did what and when, to notify you of work assigned to you,
and to keep the service secure.</p>
<h3>Who sees it</h3>
<p>People in your organization, and people in organizations you share projects and permits with, see your name and
the work you do on shared items. We do not sell personal information.</p>
<h3>Your choices</h3>
<p>Ask your organization's administrator to correct your details or to deactivate your account.</p>`;
