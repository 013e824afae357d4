a: {{ pillar.app.nothing.foo }}
