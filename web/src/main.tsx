/**
 * @module web/main
 * The inspector's entry: mounts the app on #app.
 */
import { render } from "preact";
import { App } from "./app.js";
import "uplot/dist/uPlot.min.css";
import "./styles.css";

render(<App />, document.getElementById("app")!);
