zeta: 1
app:
  port: 80
  name: web
  ratio: 1.5
  enabled: true
  nothing: null
  items: [1, 2]
alpha: 2
