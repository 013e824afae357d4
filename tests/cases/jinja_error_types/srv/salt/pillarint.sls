a: {{ pillar.app.port.foo }}
