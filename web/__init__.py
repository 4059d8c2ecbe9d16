"""The browser layer: draws a seat's view and turns clicks and keys into engine actions."""
