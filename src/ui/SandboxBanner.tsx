/** Every sandbox screen says so: third parties here are simulated. */
export function SandboxBanner({ text }: { text: string }) {
  return (
    <div className="sandbox-banner" role="note">
      {text}
    </div>
  );
}
