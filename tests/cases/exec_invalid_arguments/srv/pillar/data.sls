role: web
