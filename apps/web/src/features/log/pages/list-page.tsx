/** Placeholder: a helper session is building this screen. */
export default function Placeholder() {
  return null;
}
