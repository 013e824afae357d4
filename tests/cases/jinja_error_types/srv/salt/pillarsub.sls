a: {{ pillar.app.foo }}
