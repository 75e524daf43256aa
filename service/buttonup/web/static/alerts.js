// What tells players their turn has come, or their seek was paired, while
// they look elsewhere: the tab's title, and a short tone when they asked for
// sound (off until turned on; remembered in this browser).
import { titled } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "buttonup:sound";
let audio = null;
let turnWasMine = null; // null: nothing drawn yet, so nothing changed

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

export function offerSound(button) {
  const show = () => {
    // A toggle: its name stays, its state is pressed or not (and its tooltip).
    button.setAttribute("aria-pressed", String(soundOn()));
    button.title = t(soundOn() ? "sound.on" : "sound.off");
  };
  button.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    show();
  });
  show();
}

// A short tone ("turn" or "paired"), when sound is on. Tools and tests hear
// it as the document's `buttonup:sound` event.
export function chime(kind) {
  if (!soundOn()) return;
  document.dispatchEvent(new CustomEvent("buttonup:sound", { detail: kind }));
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = kind === "paired" ? 660 : 880;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
  } catch {
    // No audio in this browser: the title still says it.
  }
}

// Called with each drawing of the game: the title says when it is the
// player's turn, and the turn's coming (not a redraw of it) chimes.
export function turnIs(mine) {
  titled(mine ? t("title.your_turn") : null);
  if (mine && turnWasMine === false) chime("turn");
  turnWasMine = mine;
}
