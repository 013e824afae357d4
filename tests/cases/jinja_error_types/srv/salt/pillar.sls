a: {{ pillar.foo }}
