/**
 * Opening the network edit dialog from any screen (spec §2 "network edit"): features do not import
 * each other, so a screen asks here and the app's top bar, which owns the dialog, answers.
 */
export interface NetworkToEdit {
  _id: string;
  Name: string;
  Location: { longitude: number; latitude: number; address: string };
  /** IANA zone of the network (firmware maintenance windows); null: the server's. */
  TimeZone: string | null;
}

type Listener = (network: NetworkToEdit) => void;
let listener: Listener | null = null;

/** The app registers the one opener; returns the function that removes it. */
export function onNetworkEditRequest(opener: Listener): () => void {
  listener = opener;
  return () => {
    if (listener === opener) listener = null;
  };
}

export function requestNetworkEdit(network: NetworkToEdit): void {
  listener?.(network);
}
