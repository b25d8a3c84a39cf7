"""The site's routes, thin handlers over ``service/`` and ``play/``: the API (``api``), the pages
(``pages``), offline play's files and lines (``offline``); ``models`` the API's documented shapes."""
