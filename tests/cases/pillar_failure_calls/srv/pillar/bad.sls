x: {{ nope }}
