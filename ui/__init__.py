"""The PyScript front end. Pure modules (route, replay, words) run on CPython too; app.py binds the DOM."""
